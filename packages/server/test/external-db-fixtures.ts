/**
 * An external database for the source tests (sources.test.ts, auto-index-visible.test.ts): a scratch database of
 * the same kind as the meta one, the connection config a client sends to connect it, and a knex of its own to
 * set it up and check it.
 */
import knexFactory, { type Knex } from 'knex';
import type { MetaDbClient } from '../src/config.js';
import { createScratchDatabase } from './harness.js';

export interface ExternalDatabase {
  /** The body a client sends as a source's `config`. */
  config: { client: string; connection: Record<string, unknown> };
  knex: Knex;
  /** Closes the knex and drops the scratch database. */
  drop(): Promise<void>;
}

/**
 * A scratch database of `kind` with the tables `build` creates.
 * @example const ext = await externalDatabase(kind, (k) => k.schema.createTable('customers', (t) => t.increments('id')));
 */
export async function externalDatabase(
  kind: MetaDbClient,
  build: (knex: Knex) => Promise<unknown>,
): Promise<ExternalDatabase> {
  const scratch = await createScratchDatabase(kind);
  let config: ExternalDatabase['config'];
  if (kind === 'sqlite') config = { client: 'sqlite3', connection: { filename: scratch.url } };
  else {
    const u = new URL(scratch.url);
    config = {
      client: kind === 'pg' ? 'pg' : 'mysql2',
      connection: {
        host: u.hostname,
        port: Number(u.port),
        user: decodeURIComponent(u.username),
        database: u.pathname.slice(1),
        ...(kind === 'mysql' ? { password: '' } : {}),
      },
    };
  }
  const knex: Knex = knexFactory(
    kind === 'sqlite'
      ? { client: 'better-sqlite3', connection: { filename: scratch.url }, useNullAsDefault: true }
      : { client: kind === 'pg' ? 'pg' : 'mysql2', connection: scratch.url },
  );
  await build(knex);
  return { config, knex, drop: async () => (await knex.destroy(), await scratch.drop()) };
}
