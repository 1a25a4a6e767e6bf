// Starts the built server (packages/server/dist) on embedded SQLite, as `npm start` does, and prints as JSON the
// packages it has loaded once listening: CommonJS ones from the require cache, ES modules from a load hook.
// Settings come from the environment (REDIS_URL puts it in the scaled-out mode). Used by modules-at-rest.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import Module, { register } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
const loaded = new Set();
port1.on('message', (url) => loaded.add(url));
const hook = `let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) { port.postMessage(url); return next(url, context); }`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, {
  data: { port: port2 },
  transferList: [port2],
});

const dist = new URL('../dist/', import.meta.url);
const from = (file) => import(new URL(file, dist).href);
const { buildApp } = await from('app.js');
const { loadConfig } = await from('config.js');
const { createContext } = await from('context.js');
const { openMetaDb } = await from('meta/db.js');
const { migrateToLatest } = await from('meta/migrate.js');

const dataDir = mkdtempSync(path.join(tmpdir(), 'rowbase-modules-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const db = openMetaDb(config.db);
await migrateToLatest(db);
const app = await buildApp(createContext(config, db));
await app.listen({ port: 0, host: '127.0.0.1' });
// The hook's last messages cross a thread: let them arrive.
await new Promise((resolve) => setTimeout(resolve, 200));

const packageOf = (file) => file.match(/node_modules\/((@[^/]+\/)?[^/]+)\//)?.[1];
const packages = new Set([...Object.keys(Module._cache), ...loaded].map(packageOf).filter(Boolean));
console.log(JSON.stringify([...packages].sort()));
await app.close();
await db.destroy();
rmSync(dataDir, { recursive: true, force: true });
port1.close();
// Redis connections of the scaled-out mode may linger a moment after close; nothing is left to do.
process.exit(0);
