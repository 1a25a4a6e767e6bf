/**
 * Writes audit entries off the request's path (docs/audit.md#cost): entries are queued and inserted together,
 * in one statement, at most `FLUSH_MS` after the first of them (or as soon as `FLUSH_AT` are waiting), so a run
 * of single-row writes costs one insert and one commit per batch, not one per write. Readers of the audit lists
 * call `flushPendingAudits` first, so a list always shows this process's changes made before the read. A failed
 * insert is logged and never reaches the change it describes.
 */
import type { Knex } from 'knex';
import type { AppContext } from '../context.js';
import { prepared, quoteIdent, type PooledClient } from '../data/sqlite-statements.js';
import { newId } from '../meta/ids.js';
import { outsideRequest } from './request-context.js';

export interface AuditRow {
  user: string | null;
  ip: string | null;
  base_id: string | null;
  fk_model_id?: string | null;
  row_id?: string | null;
  op_type: string;
  op_sub_type: string;
  description: string;
  details?: string | null;
  created_at: number;
}

/** Short, so queued entries die young: a longer window made them outlive garbage collections and cost more. */
const FLUSH_MS = 25;
const FLUSH_AT = 500;
/** Rows per insert statement (keeps far below every dialect's bound-parameter limit). */
const CHUNK = 200;

/** The flush of every writer over one meta database, for readers. */
const flushers = new WeakMap<Knex, Set<() => Promise<void>>>();

/** Inserts the entries still queued in this process for the database. */
export async function flushPendingAudits(db: Knex): Promise<void> {
  await Promise.all([...(flushers.get(db) ?? [])].map((flush) => flush()));
}

export interface AuditWriter {
  write(row: AuditRow): void;
  /** Inserts what is queued and stops being a flusher for readers. */
  close(): Promise<void>;
}

/** Every column an entry fills, in the order of the SQLite fast path's statement. */
const AUDIT_COLUMNS = [
  'id',
  'user',
  'ip',
  'base_id',
  'fk_model_id',
  'row_id',
  'op_type',
  'op_sub_type',
  'description',
  'details',
  'created_at',
] as const;
const AUDIT_DEFAULTS = { fk_model_id: null, row_id: null, details: null };
const INSERT_SQL =
  `insert into rb_audits (${AUDIT_COLUMNS.map(quoteIdent).join(',')}) ` +
  `values (${AUDIT_COLUMNS.map(() => '?').join(',')})`;

/**
 * Embedded SQLite: the batch goes in through one statement prepared once per connection, run per entry inside
 * one transaction on the app's connection, instead of a knex insert that is built and prepared anew for every
 * batch (docs/audit.md#cost). False (nothing written) on other databases, or when the connection is inside a
 * transaction knex does not know of.
 */
async function insertOnSqlite(db: Knex, rows: Record<string, unknown>[]): Promise<boolean> {
  if ((db.client as { config: { client?: unknown } }).config.client !== 'better-sqlite3') return false;
  const client = db.client as PooledClient;
  const conn = await client.acquireConnection();
  try {
    if (conn.inTransaction) return false;
    const insert = prepared(conn, INSERT_SQL);
    prepared(conn, 'begin').run();
    try {
      for (const row of rows) insert.run(AUDIT_COLUMNS.map((c) => row[c] ?? null));
      prepared(conn, 'commit').run();
    } catch (err) {
      prepared(conn, 'rollback').run();
      throw err;
    }
    return true;
  } finally {
    await client.releaseConnection(conn);
  }
}

export function auditWriter(ctx: Pick<AppContext, 'db' | 'log'>): AuditWriter {
  let queue: Record<string, unknown>[] = [];
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = queue;
    queue = [];
    // One batch after the other, so entries keep their order and a reader waits for the batch under way.
    inFlight = inFlight.then(async () => {
      try {
        if (await insertOnSqlite(ctx.db, rows)) return;
        for (let i = 0; i < rows.length; i += CHUNK)
          await ctx.db('rb_audits').insert(rows.slice(i, i + CHUNK));
      } catch (err) {
        ctx.log.error({ err }, 'audit write failed');
      }
    });
    return inFlight;
  };

  let set = flushers.get(ctx.db);
  if (!set) flushers.set(ctx.db, (set = new Set()));
  set.add(flush);

  return {
    write(row) {
      queue.push({ ...AUDIT_DEFAULTS, ...row, id: newId('audit') });
      if (queue.length >= FLUSH_AT) void flush();
      else if (!timer) {
        timer = outsideRequest(() => setTimeout(() => void flush(), FLUSH_MS));
        timer.unref();
      }
    },
    async close() {
      set.delete(flush);
      await flush();
    },
  };
}
