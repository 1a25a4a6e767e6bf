/** A Rowbase server for benchmarks: real HTTP on a random port, embedded SQLite in a temp data dir. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { createContext, type AppContext } from '../../packages/server/src/context.js';
import { openMetaDb } from '../../packages/server/src/meta/db.js';
import { migrateToLatest } from '../../packages/server/src/meta/migrate.js';

export async function startBenchServer(
  env: Record<string, string> = {},
): Promise<{ url: string; ctx: AppContext; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rowbase-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NC_DISABLE_RATE_LIMIT: 'true',
    ...env,
  });
  const db = openMetaDb(config.db);
  await migrateToLatest(db);
  const ctx = createContext(config, db);
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    ctx,
    close: async () => {
      await app.close();
      await db.destroy();
      // BENCH_KEEP_DATA=1 leaves the database behind (its path is printed) to study query plans.
      if (process.env.BENCH_KEEP_DATA) console.error(`bench data kept in ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
