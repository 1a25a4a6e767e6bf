/**
 * `npm run bench:grid` (after `npm run build`): the grid view's browser benchmark on 100k and 1M rows in
 * embedded SQLite, headless Debian Chromium via playwright-core. Prints medians. GRID_BENCH_ROWS overrides the
 * table sizes, e.g. GRID_BENCH_ROWS=10000.
 */
import { launchBrowser, startApp } from '../../e2e/support/app.js';
import { measureGrid, printFigures } from './measure.js';
import { seedTable, signUp } from './seed.js';

const sizes = (process.env.GRID_BENCH_ROWS ?? '100000,1000000').split(',').map(Number);

const app = await startApp({ NC_DISABLE_RATE_LIMIT: 'true' });
const browser = await launchBrowser();
try {
  const api = await signUp(app.url);
  for (const rows of sizes) {
    const t0 = Date.now();
    const table = await seedTable(api, app.dataDir, `Rows${rows}`, rows);
    console.log(`seeded ${rows.toLocaleString('en-US')} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((token) => {
      if (!localStorage.getItem('rowbase-gui-v1'))
        localStorage.setItem('rowbase-gui-v1', JSON.stringify({ token }));
    }, api.token);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    printFigures(`${rows.toLocaleString('en-US')} rows`, await measureGrid(page, app.url, table));
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
