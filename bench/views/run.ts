/**
 * `npm run bench:views` (after `npm run build`): the card views in headless Chromium against the built app on
 * a 100k-row table in embedded SQLite. Gallery: wheel-scroll frame rate, the share of frames whose cards on
 * screen held real data, and the main thread's work per frame (script, style and layout: what the gallery
 * costs, less dependent on a loaded machine than the frame rate); kanban: time from navigation to the first
 * cards, whose largest stack holds 25,000; calendar: time from navigation to the first painted month whose days
 * hold the table's rows (all dated this month); map: time until the first of the 100k markers are drawn (clustered), and the
 * frame rate and work per frame while the map is dragged around. VIEWS_BENCH_ROWS overrides the table size,
 * VIEWS_BENCH_ONLY picks parts (gallery, kanban, calendar, map).
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser, startApp } from '../../e2e/support/app.js';
import { call, seedTable, signUp } from '../grid/seed.js';
import { median } from '../src/stats.js';

const rows = Number(process.env.VIEWS_BENCH_ROWS ?? 100_000);
/** VIEWS_BENCH_ONLY=gallery,map runs those parts alone. */
const only = process.env.VIEWS_BENCH_ONLY?.split(',');
const want = (part: string) => !only || only.includes(part);

/** Wheel-scrolls the gallery one step per frame for `ms`; frames per second and the share of filled frames. */
async function scrollGallery(page: Page, ms: number) {
  return page.evaluate(async (ms) => {
    const scroller = document.querySelector('[data-testid=gallery-scroller]')!;
    const start = performance.now();
    let frames = 0;
    let filled = 0;
    while (performance.now() - start < ms) {
      scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: 120, bubbles: true }));
      scroller.scrollTop += 120;
      await new Promise((r) => requestAnimationFrame(r));
      frames += 1;
      const box = scroller.getBoundingClientRect();
      const onScreen = [
        ...scroller.querySelectorAll('[data-testid=record-card], [data-testid=card-placeholder]'),
      ].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.bottom > box.top && r.top < box.bottom;
      });
      const real = onScreen.filter((el) => el.getAttribute('data-testid') === 'record-card').length;
      if (onScreen.length && real / onScreen.length >= 0.9) filled += 1;
    }
    return { fps: (frames * 1000) / (performance.now() - start), filledPct: (100 * filled) / frames, frames };
  }, ms);
}

/** Navigates inside the app to a view and times until `selector` shows (-1 after 20 s). */
async function timeFirst(
  page: Page,
  hash: string,
  selector = '[data-testid=stack-cards] [data-testid=record-card]',
): Promise<number> {
  return page.evaluate(
    async ({ hash, selector }) => {
      const start = performance.now();
      location.hash = hash;
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        if (document.querySelector(selector)) return performance.now() - start;
        if (performance.now() - start > 20_000) return -1;
      }
    },
    { hash, selector },
  );
}

/**
 * Navigates to a map and times, from navigation: the first clusters drawn, every one of `total` markers read
 * (the count says so) and every one clustered on the map (the count marks itself complete; -1 when the app does
 * not mark it, or after 30 s).
 */
async function timeMap(page: Page, hash: string, total: number) {
  return page.evaluate(
    async ({ hash, total }) => {
      const start = performance.now();
      location.hash = hash;
      let first = -1;
      let read = -1;
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now() - start;
        if (
          first < 0 &&
          document.querySelector('.leaflet-container .marker-cluster, .leaflet-container .rb-marker')
        )
          first = now;
        const count = document.querySelector('[data-testid=map-count]');
        if (read < 0 && Number(count?.textContent?.replace(/\D/g, '')) === total) read = now;
        if (count?.getAttribute('data-complete') === 'true') return { first, read, placed: now };
        if (now > 30_000 || (read >= 0 && now - read > 5_000)) return { first, read, placed: -1 };
      }
    },
    { hash, total },
  );
}

const WORK = ['ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];

/** Seconds of script, layout and style work the page's main thread has done so far. */
async function mainThreadSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  return metrics.filter((m) => WORK.includes(m.name)).reduce((sum, m) => sum + m.value, 0);
}

/** Drags the map in circles with the mouse for `ms`; frames per second while it follows. */
async function panMap(page: Page, ms: number): Promise<{ fps: number; frames: number }> {
  const box = (await page.locator('.leaflet-container').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  const counting = page.evaluate(async (ms) => {
    const start = performance.now();
    let frames = 0;
    while (performance.now() - start < ms) {
      await new Promise((r) => requestAnimationFrame(r));
      frames += 1;
    }
    return frames;
  }, ms);
  const t0 = Date.now();
  for (let i = 0; Date.now() - t0 < ms; i++)
    await page.mouse.move(cx + 150 * Math.cos(i / 8), cy + 100 * Math.sin(i / 8), { steps: 2 });
  await page.mouse.up();
  const frames = await counting;
  return { fps: (frames * 1000) / ms, frames };
}

/** Dates every row this month and gives it a place, straight in the SQLite file, as the grid seed does. */
async function placeAndDate(api: { url: string; token: string }, dataDir: string, tableId: string) {
  await call(api, 'POST', `/api/v1/db/meta/tables/${tableId}/columns`, {
    column_name: 'place',
    title: 'Place',
    uidt: 'GeoData',
  });
  const meta = await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}`);
  const db = new Database(path.join(dataDir, 'rowbase.db'));
  const now = new Date();
  const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  // Days 1 to 28 of this month; places spread over Europe (about 35..60 N, -10..30 E).
  db.prepare(
    `UPDATE "${meta.table_name}" SET "day" = ? || '-' || printf('%02d', (rowid % 28) + 1),
       "place" = printf('%.5f;%.5f', 35 + ((rowid * 7919) % 25000) / 1000.0, -10 + ((rowid * 104729) % 40000) / 1000.0)`,
  ).run(month);
  db.close();
}

const app = await startApp({ NC_DISABLE_RATE_LIMIT: 'true' });
const browser = await launchBrowser();
try {
  const api = await signUp(app.url);
  const t0 = Date.now();
  const table = await seedTable(api, app.dataDir, `Cards${rows}`, rows);
  console.log(`seeded ${rows.toLocaleString('en-US')} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const gallery = await call(api, 'POST', `/api/v1/db/meta/tables/${table.tableId}/galleries`, {
    title: 'Gallery',
  });
  const kanban = await call(api, 'POST', `/api/v1/db/meta/tables/${table.tableId}/kanbans`, {
    title: 'Board',
  });
  await placeAndDate(api, app.dataDir, table.tableId);
  const calendar = await call(api, 'POST', `/api/v1/db/meta/tables/${table.tableId}/calendars`, {
    title: 'Calendar',
  });
  const map = await call(api, 'POST', `/api/v1/db/meta/tables/${table.tableId}/maps`, { title: 'Map' });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((token) => {
    if (!localStorage.getItem('rowbase-gui-v1'))
      localStorage.setItem('rowbase-gui-v1', JSON.stringify({ token }));
  }, api.token);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  // No tile server here: the map draws its markers without tiles.
  await page.route('**/tile.openstreetmap.org/**', (route) => route.abort());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');

  if (want('gallery')) {
    const runs = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(`${app.url}/#/nc/${table.baseId}/${table.tableId}/${gallery.id}`);
      await page.reload();
      await page.waitForSelector('[data-testid=gallery] [data-testid=record-card]');
      const work = await mainThreadSeconds(cdp);
      const run = await scrollGallery(page, 3_000);
      runs.push({ ...run, workMs: ((await mainThreadSeconds(cdp)) - work) * 1000 });
    }
    console.log(
      `gallery ${rows.toLocaleString('en-US')} rows: ${median(runs.map((r) => r.fps)).toFixed(1)} fps while wheel-scrolling, ` +
        `cards filled in ${median(runs.map((r) => r.filledPct)).toFixed(1)}% of frames, ` +
        `main thread ${median(runs.map((r) => r.workMs / r.frames)).toFixed(2)} ms per frame`,
    );
  }
  if (want('kanban')) {
    const firsts = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${app.url}/#/nc/${table.baseId}/${table.tableId}/${table.viewId}`);
      await page.reload();
      await page.waitForSelector('[data-testid=view-list]');
      firsts.push(await timeFirst(page, `#/nc/${table.baseId}/${table.tableId}/${kanban.id}`));
    }
    console.log(
      `kanban ${rows.toLocaleString('en-US')} rows (largest stack ${(rows / 4).toLocaleString('en-US')}): ` +
        `first cards ${median(firsts).toFixed(0)} ms after navigation (runs ${firsts.map((f) => f.toFixed(0)).join(', ')})`,
    );
  }
  if (want('calendar')) {
    const months = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${app.url}/#/nc/${table.baseId}/${table.tableId}/${table.viewId}`);
      await page.reload();
      await page.waitForSelector('[data-testid=view-list]');
      months.push(
        await timeFirst(
          page,
          `#/nc/${table.baseId}/${table.tableId}/${calendar.id}`,
          '[data-testid=calendar-days] [data-testid=calendar-chip]',
        ),
      );
    }
    console.log(
      `calendar month over ${rows.toLocaleString('en-US')} rows (all this month): first chips ${median(months).toFixed(0)} ms ` +
        `after navigation (runs ${months.map((f) => f.toFixed(0)).join(', ')})`,
    );
  }
  if (want('map')) {
    const runs = [];
    const pans = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(`${app.url}/#/nc/${table.baseId}/${table.tableId}/${table.viewId}`);
      await page.reload();
      await page.waitForSelector('[data-testid=view-list]');
      runs.push(await timeMap(page, `#/nc/${table.baseId}/${table.tableId}/${map.id}`, rows));
      const work = await mainThreadSeconds(cdp);
      const pan = await panMap(page, 3_000);
      pans.push({ ...pan, workMs: ((await mainThreadSeconds(cdp)) - work) * 1000 });
    }
    const ms = (list: number[]) =>
      `${median(list).toFixed(0)} ms (runs ${list.map((f) => f.toFixed(0)).join(', ')})`;
    console.log(
      `map ${rows.toLocaleString('en-US')} markers: clusters drawn ${ms(runs.map((r) => r.first))}, ` +
        `all markers read ${ms(runs.map((r) => r.read))}, all clustered on the map ${ms(runs.map((r) => r.placed))} ` +
        `after navigation; then dragged: ${median(pans.map((p) => p.fps)).toFixed(1)} fps, ` +
        `main thread ${median(pans.map((p) => p.workMs / p.frames)).toFixed(2)} ms per frame`,
    );
  }
  await context.close();
} finally {
  await browser.close();
  await app.stop();
}
