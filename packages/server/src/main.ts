/** Starts Rowbase: read config, open and migrate the meta store, serve API and web app on one port. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createContext } from './context.js';
import { assertReachable, openMetaDb } from './meta/db.js';
import { migrateToLatest } from './meta/migrate.js';
import { markDraining } from './scale/health-routes.js';
import { ProcessRegistry, SharedDatabaseError } from './scale/process-registry.js';

/** How long SIGTERM waits for in-flight requests and running jobs before giving up (RB_SHUTDOWN_GRACE_MS). */
const GRACE_MS = Number(process.env.RB_SHUTDOWN_GRACE_MS ?? 25_000);

/**
 * How long a draining process keeps its port open, answering 503 and readiness 503, before it stops accepting
 * (RB_DRAIN_DELAY_MS): long enough for a load balancer's readiness check to take it out of rotation, so no
 * connection it sends meets a closing port (docs/scaling.md). 2 s when scaled out (REDIS_URL), else none.
 */
const drainDelayMs = (scaledOut: boolean): number =>
  Number(process.env.RB_DRAIN_DELAY_MS ?? (scaledOut ? 2_000 : 0));

async function main(): Promise<void> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const config = loadConfig({ WEB_DIST_DIR: path.resolve(here, '../../web/dist'), ...process.env });
  const db = openMetaDb(config.db);
  await assertReachable(db, `meta (${config.db.client})`);
  await migrateToLatest(db);
  // Several processes on one database are correct only when all of them have Redis (docs/scaling.md).
  const registry = new ProcessRegistry(db, { redis: Boolean(config.redisUrl) });
  try {
    await registry.claim();
  } catch (err) {
    await db.destroy();
    throw err;
  }
  const ctx = createContext(config, db);
  const app = await buildApp(ctx);
  let stopping = false;
  const drain = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.log.info({ signal, graceMs: GRACE_MS }, 'draining: no new requests, finishing in-flight work');
    markDraining(app);
    const delay = signal === 'SIGTERM' ? drainDelayMs(Boolean(config.redisUrl)) : 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const overdue = setTimeout(() => {
      ctx.log.error('drain took longer than the grace period; exiting');
      process.exit(1);
    }, GRACE_MS);
    overdue.unref();
    // close() stops accepting (new requests get 503), waits for in-flight requests, then its hooks stop
    // the job queue (letting running jobs finish), sockets, Redis and source pools.
    await app.close();
    await registry.release().catch(() => undefined);
    await db.destroy();
    clearTimeout(overdue);
    process.exit(0);
  };
  process.once('SIGINT', () => void drain('SIGINT'));
  process.once('SIGTERM', () => void drain('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof SharedDatabaseError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
