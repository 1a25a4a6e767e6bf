/**
 * A first click on a menu item or an option, pressed the moment it is drawn (docs/views.md "A menu's first
 * click"): the journeys slow the page down six times, press the item where it is first drawn, hold it a tenth of
 * a second as a person does and release it, and watch where the item is drawn on every frame in between.
 */
import type { CDPSession, Page } from 'playwright-core';
import type { ViewsJourney } from './views.js';

/** An element of a menu or list: the first match of `css`, or the first whose text includes `text`. */
export interface Target {
  css: string;
  text?: string;
}

/**
 * Slows `page` down six times (CDP CPU throttling) and installs `__watch(target)`, which records, every frame
 * until the next release, where `target` is drawn on screen (empty and off-screen boxes are not drawn), and where
 * the press and release landed.
 */
export async function slowDownAndWatch(page: Page): Promise<CDPSession> {
  await page.evaluate(() => {
    const w = window as unknown as {
      __watch(t: { css: string; text?: string }): void;
      __places: string[];
      __landed: string[];
    };
    w.__places = [];
    w.__landed = [];
    let target: { css: string; text?: string } | null = null;
    const find = (t: { css: string; text?: string }) =>
      Array.from(document.querySelectorAll(t.css)).find((e) => !t.text || e.textContent?.includes(t.text));
    for (const type of ['mousedown', 'mouseup', 'click'])
      document.addEventListener(
        type,
        (e) => {
          if (!target) return;
          const el = find(target);
          const on = !!el && el.contains(e.target as Node);
          const t = e.target as HTMLElement;
          w.__landed.push(`${type} ${on ? 'on the item' : `on ${t.tagName}.${String(t.className)}`}`);
          // The opening click's release comes before the item is in the page; the press's release ends the watch.
          if (type === 'mouseup' && w.__places.length) target = null;
        },
        true,
      );
    w.__watch = (t) => {
      target = t;
      w.__places = [];
      w.__landed = [];
      const t0 = performance.now();
      const sample = () => {
        if (target !== t || performance.now() - t0 > 10_000) return;
        const r = find(t)?.getBoundingClientRect();
        if (r && r.width > 0 && r.height > 0 && r.x >= 0 && r.y >= 0 && r.right <= innerWidth)
          w.__places.push(
            `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`,
          );
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    };
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  return cdp;
}

/**
 * Runs `open`, then presses `target` where it is drawn the first moment it is on screen, holds it 100 ms and
 * releases it. Returns where it was drawn, frame by frame, and where the press and release landed.
 */
export async function openAndPressEarly(
  page: Page,
  open: () => Promise<void>,
  target: Target,
): Promise<{ places: string[]; landed: string }> {
  await page.evaluate((t) => (window as unknown as { __watch(t: Target): void }).__watch(t), target);
  await open();
  const box = await page.waitForFunction(
    (t) => {
      const e = Array.from(document.querySelectorAll(t.css)).find(
        (x) => !t.text || x.textContent?.includes(t.text),
      );
      const r = e?.getBoundingClientRect();
      if (!r || r.width <= 0 || r.height <= 0 || r.x < 0 || r.y < 0 || r.right > innerWidth) return null;
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    },
    target,
    { polling: 'raf', timeout: 15_000 },
  );
  const { x, y } = (await box.jsonValue()) as { x: number; y: number };
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.waitForTimeout(100);
  await page.mouse.up();
  return page.evaluate(() => {
    const w = window as unknown as { __places: string[]; __landed: string[] };
    return { places: [...new Set(w.__places)], landed: w.__landed.join(', ') };
  });
}

/** Resolves true once a request `method` to a URL matching `url` is sent (within 10 s), false otherwise. */
export const sends = (page: Page, method: string, url: RegExp) =>
  page
    .waitForRequest((r) => r.method() === method && url.test(r.url()), { timeout: 10_000 })
    .then(
      () => true,
      () => false,
    );

/** Resolves true once `selector` is in the page (within 10 s), false otherwise. */
export const shows = (page: Page, selector: string) =>
  page.waitForSelector(selector, { timeout: 10_000 }).then(
    () => true,
    () => false,
  );

/** Presses Escape (three times at most) while anything matching `open` is in the page, so a step starts clean. */
export async function closeWhatIsOpen(page: Page, open: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    if (!(await page.locator(open).count())) return;
    await page.keyboard.press('Escape');
    await page.waitForTimeout(500);
  }
}

/** A page at the journey's table, its grid drawn, slowed down six times and watching (`slowDownAndWatch`). */
export async function openSlowedGrid(j: ViewsJourney): Promise<Page> {
  const page = await j.open();
  await page.waitForSelector('[data-testid=grid] canvas', { timeout: 60_000 });
  await slowDownAndWatch(page);
  return page;
}
