/**
 * `npm run bench:views` (after `npm run build`): the card views in headless Chromium against the built app on
 * a 100k-row table in embedded SQLite. Gallery: wheel-scroll frame rate and the share of frames whose cards on
 * screen held real data; kanban: time from navigation to the first cards, whose largest stack holds 25,000.
 * VIEWS_BENCH_ROWS overrides the table size.
 */
import type { Page } from 'playwright-core';
import { launchBrowser, startApp } from '../../e2e/support/app.js';
import { call, seedTable, signUp } from '../grid/seed.js';
import { median } from '../src/stats.js';

const rows = Number(process.env.VIEWS_BENCH_ROWS ?? 100_000);

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
    return { fps: (frames * 1000) / (performance.now() - start), filledPct: (100 * filled) / frames };
  }, ms);
}

/** Navigates inside the app to a view and times until a card shows. */
async function timeFirstCard(page: Page, hash: string): Promise<number> {
  return page.evaluate(async (hash) => {
    const start = performance.now();
    location.hash = hash;
    for (;;) {
      await new Promise((r) => requestAnimationFrame(r));
      if (document.querySelector('[data-testid=stack-cards] [data-testid=record-card]'))
        return performance.now() - start;
      if (performance.now() - start > 20_000) return -1;
    }
  }, hash);
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
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((token) => {
    if (!localStorage.getItem('rowbase-gui-v1'))
      localStorage.setItem('rowbase-gui-v1', JSON.stringify({ token }));
  }, api.token);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);

  const runs = [];
  for (let i = 0; i < 3; i++) {
    await page.goto(`${app.url}/#/nc/${table.baseId}/${table.tableId}/${gallery.id}`);
    await page.reload();
    await page.waitForSelector('[data-testid=gallery] [data-testid=record-card]');
    runs.push(await scrollGallery(page, 3_000));
  }
  console.log(
    `gallery ${rows.toLocaleString('en-US')} rows: ${median(runs.map((r) => r.fps)).toFixed(1)} fps while wheel-scrolling, ` +
      `cards filled in ${median(runs.map((r) => r.filledPct)).toFixed(1)}% of frames`,
  );

  const firsts = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`${app.url}/#/nc/${table.baseId}/${table.tableId}/${table.viewId}`);
    await page.reload();
    await page.waitForSelector('[data-testid=view-list]');
    firsts.push(await timeFirstCard(page, `#/nc/${table.baseId}/${table.tableId}/${kanban.id}`));
  }
  console.log(
    `kanban ${rows.toLocaleString('en-US')} rows (largest stack ${(rows / 4).toLocaleString('en-US')}): ` +
      `first cards ${median(firsts).toFixed(0)} ms after navigation (runs ${firsts.map((f) => f.toFixed(0)).join(', ')})`,
  );
  await context.close();
} finally {
  await browser.close();
  await app.stop();
}
