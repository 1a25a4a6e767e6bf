/**
 * One meta change = one transaction. On SQLite and PostgreSQL default sources the DDL runs inside the same
 * transaction, so a failure rolls everything back; elsewhere (MySQL commits DDL implicitly, external
 * sources are another database) the DDL runs beside it and registered undo steps run on failure.
 */
import { AppError, badRequest } from '@rowbase/core/errors';
import type { Dialect } from '@rowbase/core/fields/field-type';
import type { Knex } from 'knex';
import type { AppContext } from '../context.js';
import type { SourceRecord } from '../meta/repos/sources.js';
import type { ChangePublisher } from '../changes/change-feed.js';

export interface ChangeScope {
  /** The meta transaction. */
  meta: Knex;
  /** Where the source's DDL and data go: the same transaction when that is atomic, else the source's knex. */
  data: Knex;
  dialect: Dialect;
  source: SourceRecord;
  /** Registers a step that undoes a DDL change if the whole change fails (no-op when DDL is transactional). */
  onRollback(step: () => Promise<void>): void;
  /** Publishes change events; pass `meta` so they go out once the change commits. */
  changes: ChangePublisher;
}

export async function inMetaChange<T>(
  ctx: AppContext,
  source: SourceRecord,
  fn: (scope: ChangeScope) => Promise<T>,
): Promise<T> {
  const dialect = ctx.sources.dialectOf(source);
  const shared = source.is_meta && (dialect === 'sqlite' || dialect === 'pg');
  const undo: (() => Promise<void>)[] = [];
  try {
    return await ctx.db.transaction(async (trx) =>
      fn({
        meta: trx,
        data: shared ? trx : ctx.sources.connectionOf(source),
        dialect,
        source,
        changes: ctx.changes,
        onRollback: (step) => {
          if (!shared) undo.push(step);
        },
      }),
    );
  } catch (err) {
    for (const step of undo.reverse()) {
      try {
        await step();
      } catch {
        /* best effort: the original error is what the caller needs */
      }
    }
    throw asClientError(err);
  }
}

/**
 * A database refusal (constraint, type, syntax of user-chosen types) becomes a 400 naming the problem, not
 * a 500: the request was wrong, not the server.
 */
function asClientError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: unknown; message?: unknown };
  const dbError =
    typeof e.code === 'string' &&
    (/^SQLITE_/.test(e.code) || /^ER_/.test(e.code) || /^[0-9A-Z]{5}$/.test(e.code));
  if (!dbError || typeof e.message !== 'string') return err;
  // Knex prefixes the statement; the engine's own reason is after the last " - ".
  const reason = e.message.includes(' - ') ? e.message.slice(e.message.lastIndexOf(' - ') + 3) : e.message;
  return badRequest(`The database refused the change: ${reason}`);
}
