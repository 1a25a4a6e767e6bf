/**
 * Knex instances per source: the meta knex for the default source, one pooled instance per external
 * source (opened on first use, closed when the source changes or the app stops).
 */
import type { ConnectionConfig } from '@rowbase/core/api/bases';
import type { Dialect } from '@rowbase/core/fields/field-type';
import { badRequest, notFound } from '@rowbase/core/errors';
import { templateOf } from '@rowbase/core/sources/templates';
import type BetterSqlite3 from 'better-sqlite3';
import knexFactory, { type Knex } from 'knex';
import { registerSqliteFormulaFunctions } from '../data/formula/sqlite-functions.js';
import { pgPoolConfig, pgWrapIdentifier } from '../data/pg-session.js';
import { useImmediateSqliteTransactions } from '../meta/sqlite-immediate.js';
import type { MetaDbClient } from '../config.js';
import type { SourceRecord, SourcesRepo } from '../meta/repos/sources.js';
import type { SecretBox } from './secrets.js';

export const dialectOfMetaClient = (client: MetaDbClient): Dialect => client;

/** The SourceMeta `type` of the default source. */
export const sourceTypeOfMetaClient = (client: MetaDbClient) =>
  client === 'sqlite' ? 'sqlite3' : client === 'pg' ? 'pg' : 'mysql2';

/**
 * A knex configuration for a user-supplied connection. Only the clients that run here (pg, mysql, sqlite)
 * can be opened; MSSQL, Oracle and Snowflake are known but their drivers are not installed.
 */
export function knexConfigFor(config: ConnectionConfig): Knex.Config {
  const tpl = templateOf(config.client);
  const conn = typeof config.connection === 'string' ? config.connection : { ...(config.connection ?? {}) };
  switch (tpl.dialect) {
    case 'pg':
      if (typeof conn === 'object') conn.port ??= tpl.port;
      return {
        client: 'pg',
        connection: conn as Knex.StaticConnectionConfig,
        searchPath: config.searchPath ?? tpl.searchPath ?? undefined,
        wrapIdentifier: pgWrapIdentifier,
        pool: pgPoolConfig({ min: 0, max: 5 }),
        acquireConnectionTimeout: 10_000,
      };
    case 'mysql':
      if (typeof conn === 'object') conn.port ??= tpl.port;
      return {
        client: 'mysql2',
        connection: {
          ...(typeof conn === 'object' ? conn : { uri: conn }),
          supportBigNumbers: true,
          timezone: 'Z',
        } as never,
        pool: {
          min: 0,
          max: 5,
          // CURRENT_TIMESTAMP defaults follow the session time zone: keep it UTC like the values we write.
          afterCreate(
            conn: { query(sql: string, cb: (err: Error | null) => void): void },
            done: (err: Error | null, c: unknown) => void,
          ) {
            conn.query("SET time_zone = '+00:00'", (err) => done(err, conn));
          },
        },
        acquireConnectionTimeout: 10_000,
      };
    case 'sqlite': {
      const filename = typeof conn === 'string' ? conn : (conn.filename as string | undefined);
      if (!filename) throw badRequest('connection.filename is required for sqlite3');
      useImmediateSqliteTransactions();
      return {
        client: 'better-sqlite3',
        connection: { filename },
        useNullAsDefault: true,
        pool: {
          min: 1,
          max: 1,
          afterCreate(conn: BetterSqlite3.Database, done: (err: Error | null) => void) {
            conn.pragma('busy_timeout = 5000');
            registerSqliteFormulaFunctions(conn);
            done(null);
          },
        },
      };
    }
    default:
      throw badRequest(
        `Connecting to ${tpl.name} needs its driver, which this server does not have installed`,
      );
  }
}

/**
 * Tries a connection: resolves when `select 1` answers, throws a 400 with the driver's message otherwise.
 * The temporary pool is always closed.
 */
export async function testConnection(config: ConnectionConfig): Promise<void> {
  const quiet = { warn() {}, error() {}, debug() {}, deprecate() {} };
  const k = knexFactory({ ...knexConfigFor(config), log: quiet });
  try {
    await k.raw('select 1');
  } catch (err) {
    throw badRequest(`Connection failed: ${(err as Error).message || String(err)}`);
  } finally {
    await k.destroy();
  }
}

export class SourceConnections {
  private readonly open = new Map<string, Knex>();

  constructor(
    private readonly metaDb: Knex,
    private readonly metaClient: MetaDbClient,
    private readonly sources: SourcesRepo,
    private readonly secrets: SecretBox,
  ) {}

  /** The knex instance a source's tables live behind (the meta knex for the default source). */
  async connectionFor(sourceId: string): Promise<Knex> {
    const cached = this.open.get(sourceId);
    if (cached) return cached;
    const source = await this.sources.byId(sourceId);
    if (!source) throw notFound(`Source '${sourceId}' not found`);
    return this.connectionOf(source);
  }

  connectionOf(source: SourceRecord): Knex {
    if (source.is_meta) return this.metaDb;
    const cached = this.open.get(source.id);
    if (cached) return cached;
    const k = knexFactory(knexConfigFor(this.configOf(source)));
    this.open.set(source.id, k);
    return k;
  }

  /** The decrypted connection config of an external source. */
  configOf(source: SourceRecord): ConnectionConfig {
    if (!source.config_encrypted) throw badRequest(`Source '${source.id}' has no connection config`);
    return this.secrets.open<ConnectionConfig>(source.config_encrypted);
  }

  dialectOf(source: Pick<SourceRecord, 'is_meta' | 'type'>): Dialect {
    return source.is_meta ? dialectOfMetaClient(this.metaClient) : templateOf(source.type).dialect;
  }

  /** Closes a source's pool (after its config changed or it was deleted). */
  async forget(sourceId: string): Promise<void> {
    const k = this.open.get(sourceId);
    this.open.delete(sourceId);
    if (k) await k.destroy();
  }

  async closeAll(): Promise<void> {
    const all = [...this.open.values()];
    this.open.clear();
    await Promise.all(all.map((k) => k.destroy()));
  }
}
