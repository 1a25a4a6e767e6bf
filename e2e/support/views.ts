/**
 * The set-up the view journeys share: the app and a browser, a signed-up owner with a base and one table
 * (its fields by title, its first rows), pages signed in as anyone, and a pointer drag that dnd-kit takes.
 */
import type {
  Browser,
  BrowserContextOptions,
  ConsoleMessage,
  Page,
  Request,
  Response,
} from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './app.js';
import { type Api, call } from './grid.js';
import { signUpByApi } from './web.js';

export interface ViewsJourneyOptions {
  /** The owner's e-mail (each journey its own). */
  email: string;
  base: string;
  table: string;
  /** Fields besides Title, as the table API takes them. */
  columns: Record<string, unknown>[];
  rows?: Record<string, unknown>[];
  /** Other people, each signed up and given a base role (`viewer`, `editor`...), by e-mail. */
  members?: Record<string, string>;
}

export interface ViewsJourney {
  app: RunningApp;
  browser: Browser;
  /** The owner's API access. */
  api: Api;
  baseId: string;
  tableId: string;
  /** Field ids by title. */
  col: Record<string, string>;
  /** Each member's API access, by e-mail. */
  members: Record<string, Api>;
  /**
   * A new page signed in as `who` (the owner unless given), at the table (or `path` under it), in a context of
   * its own (a time zone, say, in `context`).
   */
  open(
    who?: Api,
    path?: string,
    viewport?: { width: number; height: number },
    context?: BrowserContextOptions,
  ): Promise<Page>;
  close(): Promise<void>;
}

export async function setUpViewsJourney(o: ViewsJourneyOptions): Promise<ViewsJourney> {
  const app = await startApp();
  const browser = await launchBrowser();
  const api = { url: app.url, token: await signUpByApi(app.url, o.email) };
  const baseId = (await call(api, 'POST', '/api/v1/db/meta/projects', { title: o.base })).id as string;
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, {
    title: o.table,
    columns: o.columns,
  });
  const col: Record<string, string> = {};
  for (const c of table.columns as { id: string; title: string }[]) col[c.title] = c.id;
  if (o.rows?.length) await call(api, 'POST', `/api/v2/tables/${table.id}/records`, o.rows);
  const members: Record<string, Api> = {};
  for (const [email, roles] of Object.entries(o.members ?? {})) {
    members[email] = { url: app.url, token: await signUpByApi(app.url, email) };
    await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/users`, { email, roles });
  }
  const open = async (
    who: Api = api,
    path = '',
    viewport = { width: 1400, height: 900 },
    options: BrowserContextOptions = {},
  ) => {
    const context = await browser.newContext({ ...options, viewport });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.addInitScript((token) => {
      if (!localStorage.getItem('rowbase-gui-v1'))
        localStorage.setItem('rowbase-gui-v1', JSON.stringify({ token }));
    }, who.token);
    await page.goto(`${app.url}/#/nc/${baseId}/${table.id}${path}`);
    await page.waitForSelector('[data-testid=view-list]');
    return page;
  };
  return {
    app,
    browser,
    api,
    baseId,
    tableId: table.id,
    col,
    members,
    open,
    close: async () => {
      await browser.close();
      await app.stop();
    },
  };
}

/** Drags with the mouse from one element's centre to a point of another, in small steps dnd-kit follows. */
export async function dragTo(page: Page, from: string, to: string, at: { dx?: number; dy?: number } = {}) {
  const a = (await page.locator(from).boundingBox())!;
  const b = (await page.locator(to).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 3 });
  await page.mouse.move(b.x + (at.dx ?? b.width / 2), b.y + (at.dy ?? b.height / 2), { steps: 15 });
  await page.mouse.up();
}

/**
 * Creates a view of `type` from the sidebar's "+ view" menu with the title the dialog offers, waits until the
 * dialog has closed on the new view, and returns its id. A dialog that stays open fails with what it shows,
 * what the browser logged and what the server answered.
 *
 * The dialog fades in where it stays: its first OK click is taken however early it comes (it used to zoom in, and
 * a click as the zoom started was lost; docs/views.md "The dialog's first click"), so OK is clicked once.
 */
export async function createViewFromSidebar(page: Page, type: string): Promise<string> {
  await page.click('[data-testid=create-view]');
  await page.click(`[data-testid=create-view-${type}]`);
  const title = page.locator('[data-testid=title-input]');
  await title.waitFor();
  // The dialog fills in a free title ("Gallery", "Gallery 2"...) as it opens.
  for (let i = 0; i < 50 && !(await title.inputValue()); i++) await page.waitForTimeout(100);
  const before = page.url();
  // What the browser sent and logged, and what the server answered, while the dialog was open: to say why if
  // it does not close.
  const sent: string[] = [];
  const answers: string[] = [];
  const logged: string[] = [];
  const onRequest = (r: Request) => {
    if (r.method() !== 'GET') sent.push(`${r.method()} ${r.url()}`);
  };
  const onResponse = (r: Response) => {
    if (r.request().method() !== 'GET') answers.push(`${r.request().method()} ${r.url()} -> ${r.status()}`);
  };
  const onConsole = (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') logged.push(m.text());
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  page.on('console', onConsole);
  const typed = await title.inputValue();
  await page.click('[data-testid=modal-ok]');
  try {
    await page.waitForSelector('[data-testid=title-input]', { state: 'detached', timeout: 30_000 });
    await page.waitForURL((url) => url.href !== before, { timeout: 15_000 });
  } catch (err) {
    const shown = await page.locator('.ant-modal, .ant-message, .ant-notification').allInnerTexts();
    throw new Error(
      `creating a ${type} view titled "${typed}" did not finish; the page shows: ${shown.join(' | ')}; ` +
        `the browser sent: ${sent.join(', ') || 'nothing'}; the server answered: ${answers.join(', ') || 'nothing'}; ` +
        `the browser logged: ${logged.join(' | ') || 'nothing'}`,
      { cause: err },
    );
  } finally {
    page.off('request', onRequest);
    page.off('response', onResponse);
    page.off('console', onConsole);
  }
  return page.url().split('/').pop()!.split('?')[0]!;
}
