/**
 * Database refusals of a row write (unique, not null, too long, out of range) as 400s naming the field,
 * instead of 500s. Recognised by the codes and messages of SQLite, PostgreSQL and MySQL/MariaDB.
 */
import { AppError, ErrorCode } from '@rowbase/core/errors';
import type { TableModel } from '../data/table-model.js';

interface DbError {
  code?: string;
  errno?: number;
  column?: string;
  detail?: string;
  message?: string;
  sqlMessage?: string;
}

function titleOf(model: TableModel, columnName: string | undefined): string | undefined {
  if (!columnName) return undefined;
  return model.field(columnName)?.title ?? columnName;
}

/** An AppError for a recognised refusal, or undefined (the caller rethrows the original). */
export function rowWriteError(err: unknown, model: TableModel): AppError | undefined {
  const e = (err ?? {}) as DbError;
  const text = `${e.sqlMessage ?? ''} ${e.message ?? ''} ${e.detail ?? ''}`;
  const bad = (message: string) => new AppError(ErrorCode.BAD_REQUEST, message);
  // Unique
  if (e.code === '23505' || e.code === 'ER_DUP_ENTRY' || /UNIQUE constraint failed/i.test(text)) {
    const key = /for key '([^']+)'/i.exec(text)?.[1]?.split('.').pop();
    const col =
      /Key \(([^)]+)\)=/.exec(text)?.[1] ??
      /UNIQUE constraint failed: [^.]+\.(\w+)/i.exec(text)?.[1] ??
      // MySQL names the index: `<table>_<column>_unique` as knex makes it, or the column itself.
      model.stored.find((f) => key === f.name || key?.endsWith(`_${f.name}_unique`))?.name;
    const title = titleOf(model, col);
    return new AppError(
      ErrorCode.CONFLICT,
      title
        ? `Field '${title}' must be unique: the value is already used`
        : 'A value must be unique and is already used',
    );
  }
  // Not null
  if (e.code === '23502' || e.code === 'ER_BAD_NULL_ERROR' || /NOT NULL constraint failed/i.test(text)) {
    const col =
      e.column ??
      /Column '([^']+)' cannot be null/i.exec(text)?.[1] ??
      /NOT NULL constraint failed: [^.]+\.(\w+)/i.exec(text)?.[1];
    return bad(`Field '${titleOf(model, col) ?? 'unknown'}' is required`);
  }
  // Too long
  if (e.code === '22001' || e.code === 'ER_DATA_TOO_LONG') {
    const col = /column '([^']+)'/i.exec(text)?.[1];
    return bad(
      col ? `The value of field '${titleOf(model, col)}' is too long` : 'A value is too long for its field',
    );
  }
  // Out of range / invalid representation
  if (
    e.code === '22003' ||
    e.code === 'ER_WARN_DATA_OUT_OF_RANGE' ||
    e.code === '22P02' ||
    e.code === '22007' ||
    e.code === '22008'
  ) {
    const col = /column '([^']+)'/i.exec(text)?.[1];
    return bad(
      col
        ? `The value of field '${titleOf(model, col)}' is out of range`
        : 'A value is out of range for its field',
    );
  }
  return undefined;
}
