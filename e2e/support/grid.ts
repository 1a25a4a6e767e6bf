/** Helpers for the grid journeys: API calls for setup and checks, and canvas cell coordinates. */
import type { Page } from 'playwright-core';

export interface Api {
  url: string;
  token: string;
}

export async function call<T = any>(api: Api, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(api.url + path, {
    method,
    headers: { 'xc-auth': api.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} -> ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Rows of a table in Id order, read over the v2 API. */
export async function records(api: Api, tableId: string, limit = 100): Promise<Record<string, any>[]> {
  return (await call(api, 'GET', `/api/v2/tables/${tableId}/records?limit=${limit}&sort=Id`)).list;
}

/** Opens the grid of a table signed in with `token` (stored where the app keeps it). */
export async function openGrid(page: Page, api: Api, baseId: string, tableId: string, viewId: string) {
  await page.addInitScript((token) => {
    if (!localStorage.getItem('rowbase-gui-v1'))
      localStorage.setItem('rowbase-gui-v1', JSON.stringify({ token }));
  }, api.token);
  await page.goto(`${api.url}/#/nc/${baseId}/${tableId}/${viewId}`);
  await page.waitForSelector('[data-testid=grid-scroller]');
  await waitForRows(page);
}

/** Waits until the grid's visible rows hold real data. */
export async function waitForRows(page: Page) {
  await page.waitForFunction(() => {
    const canvas = document.querySelector('[data-testid=grid] canvas') as any;
    const g = canvas?.rowbaseGrid;
    return !!g && g.stats.completeFrames > 0 && g.cache.countKnown;
  });
}

/** Centre of a cell in page coordinates: `row` is the row index, `title` the field's title. */
export async function cellPoint(page: Page, title: string, row: number): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ({ title, row }) => {
      const canvas = document.querySelector('[data-testid=grid] canvas') as any;
      const g = canvas.rowbaseGrid;
      const col = g.columns.findIndex((c: { title: string }) => c.title === title);
      if (col < 0) throw new Error(`no column ${title}`);
      g.scrollToCell(row, col);
      const r = g.cellRect(row, col);
      const box = canvas.getBoundingClientRect();
      return { x: box.left + r.x + Math.min(r.w / 2, 40), y: box.top + r.y + r.h / 2 };
    },
    { title, row },
  );
}

export async function clickCell(page: Page, title: string, row: number) {
  const p = await cellPoint(page, title, row);
  await page.mouse.click(p.x, p.y);
}

export async function doubleClickCell(page: Page, title: string, row: number) {
  const p = await cellPoint(page, title, row);
  await page.mouse.dblclick(p.x, p.y);
}

/** Shown field titles, in grid order. */
export async function shownTitles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid.columns.map((c: any) => c.title),
  );
}

/** The value the grid holds for a cell (what it paints). */
export async function cellValue(page: Page, title: string, row: number): Promise<unknown> {
  return page.evaluate(
    ({ title, row }) => {
      const g = (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid;
      return g.value(
        row,
        g.columns.findIndex((c: { title: string }) => c.title === title),
      );
    },
    { title, row },
  );
}

/** Pastes text into the focused grid as a spreadsheet would (a paste event carrying text/plain). */
export async function pasteIntoGrid(page: Page, text: string) {
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    const scroller = document.querySelector('[data-testid=grid-scroller]') as HTMLElement;
    scroller.focus();
    scroller.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

/** Polls until `check` holds (server state after an async save). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (v: T) => boolean,
  ms = 5_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (check(v)) return v;
    if (Date.now() > until) throw new Error(`condition not met; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
