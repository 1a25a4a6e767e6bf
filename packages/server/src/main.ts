/** Starts Rowbase: read config, open and migrate the meta store, serve API and web app on one port. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createContext } from './context.js';
import { assertReachable, openMetaDb } from './meta/db.js';
import { migrateToLatest } from './meta/migrate.js';

async function main(): Promise<void> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const config = loadConfig({ WEB_DIST_DIR: path.resolve(here, '../../web/dist'), ...process.env });
  const db = openMetaDb(config.db);
  await assertReachable(db, `meta (${config.db.client})`);
  await migrateToLatest(db);
  const app = await buildApp(createContext(config, db));
  const close = async () => {
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
