/** Browser helpers for the journeys: open the app at a hash route, sign up or in through the real forms. */
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const PASSWORD = 'Secret-pass-1';

export async function openPage(
  browser: Browser,
  url: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(url);
  return { context, page };
}

/** The hash route of the page: `#/signin?x=1` -> `/signin?x=1`. */
export function route(page: Page): string {
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#/, ''));
}

/** Polls the hash route until `test` accepts it (15 s at most); returns it. */
export async function waitForRoute(
  page: Page,
  test: (route: string) => boolean,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = route(page);
    if (test(current)) return current;
    if (Date.now() > deadline) throw new Error(`route stayed at ${current}`);
    await page.waitForTimeout(50);
  }
}

export async function fillAuthForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.fill('[data-testid=email]', email);
  await page.fill('[data-testid=password]', password);
  await page.click('[data-testid=submit]');
}

/** The token the app keeps in localStorage. */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('rowbase-gui-v1') ?? '{}').token ?? null);
}

/** Signs up over HTTP (not the browser), for journeys that need an existing user. */
export async function signUpByApi(url: string, email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/user/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Opens a dropdown menu by its trigger and clicks one of its items. A menu that is closing stays visible for its
 * animation, so the newest visible match is taken; if a re-render of the list closes the menu first, it is
 * opened again (up to three tries).
 */
export async function chooseFromMenu(page: Page, trigger: string, item: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.click(trigger);
    try {
      await page
        .locator(`.ant-dropdown-menu-item:visible:has-text("${item}")`)
        .last()
        .click({ timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
