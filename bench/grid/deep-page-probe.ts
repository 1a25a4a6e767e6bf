/** Probe: times deep pages on the v2 and view-scoped list APIs (not part of npm run bench:grid). */
import { startApp } from '../../e2e/support/app.js';
import { call, seedTable, signUp } from './seed.js';

const app = await startApp({ NC_DISABLE_RATE_LIMIT: 'true' });
try {
  const api = await signUp(app.url);
  const t = await seedTable(api, app.dataDir, 'Probe', 1_000_000);
  const paths = {
    v2: `/api/v2/tables/${t.tableId}/records`,
    view: `/api/v1/db/data/noco/${t.baseId}/${t.tableId}/views/${t.viewId}`,
  };
  for (const [name, p] of Object.entries(paths))
    for (const offset of [0, 500_000, 900_000, 900_100, 123_400, 999_900]) {
      const t0 = performance.now();
      await call(api, 'GET', `${p}?offset=${offset}&limit=100`);
      console.log(name, offset, (performance.now() - t0).toFixed(0), 'ms');
    }
  const t0 = performance.now();
  await call(api, 'GET', `${paths.view}/count`);
  console.log('count', (performance.now() - t0).toFixed(0), 'ms');
} finally {
  await app.stop();
}
