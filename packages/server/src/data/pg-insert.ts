/**
 * Multi-row INSERTs on PostgreSQL as one array per column: `insert into t (a, b) select c1::numeric, c2::date
 * from unnest(?::text[], ?::text[]) as u(c1, c2) returning id`. A VALUES list of 1,000 rows binds 8,000
 * parameters that PostgreSQL parses, types and plans one by one; the arrays are a handful of parameters whatever
 * the number of rows. About a third of the database's CPU per row and less of the server's
 * (docs/performance.md, "Bulk insert on PostgreSQL"). Each value goes in as the text PostgreSQL would have
 * received for it as a parameter and is read by its column type's input function, as before; the cast names
 * the type without its modifier, so a too-long text or an out-of-range number is refused on assignment as before
 * (an explicit `::varchar(45)` would cut the text instead). Used by the API's inserts and imports
 * (`services/rows-write.ts`).
 */
import type { Knex } from 'knex';
import type { TableModel } from './table-model.js';

/** Column name → its type as SQL (`format_type` without modifier), per table model (a new model reads them again). */
const typesOf = new WeakMap<TableModel, Promise<Map<string, string>>>();

async function columnTypes(trx: Knex.Transaction, model: TableModel): Promise<Map<string, string>> {
  let types = typesOf.get(model);
  if (!types) {
    types = (
      trx.raw(
        `select attname as name, format_type(atttypid, null) as type from pg_attribute
          where attrelid = to_regclass(quote_ident(?)) and attnum > 0 and not attisdropped`,
        [model.tableName],
      ) as Promise<{ rows: { name: string; type: string }[] }>
    ).then((r) => new Map(r.rows.map((c) => [c.name, c.type])));
    typesOf.set(model, types);
    // A failed read (the table is gone) is not kept.
    types.catch(() => typesOf.delete(model));
  }
  return types;
}

/** A value as an element of a `text[]` literal; undefined when it is not a scalar (the caller falls back). */
function element(v: unknown): string | undefined {
  if (v === null || v === undefined) return 'NULL';
  let s: string;
  if (typeof v === 'string') s = v;
  else if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') s = String(v);
  else if (Buffer.isBuffer(v)) s = `\\x${v.toString('hex')}`;
  else return undefined;
  if (s.includes('\\')) s = s.replace(/\\/g, '\\\\');
  if (s.includes('"')) s = s.replace(/"/g, '\\"');
  return `"${s}"`;
}

/**
 * Inserts `values` (every row with the keys `cols`) in one statement; answers the `returning` column of the
 * rows in order, or undefined when a value is not a plain scalar or a column's type is unknown (the caller
 * then writes a VALUES list).
 */
export async function insertPgRows(
  trx: Knex.Transaction,
  model: TableModel,
  cols: readonly string[],
  values: readonly Record<string, unknown>[],
  returning: string | undefined,
): Promise<Record<string, unknown>[] | undefined> {
  const types = await columnTypes(trx, model);
  const casts: string[] = [];
  for (const c of cols) {
    const type = types.get(c);
    if (!type) return undefined;
    casts.push(type);
  }
  const arrays: string[] = [];
  for (const c of cols) {
    const parts: string[] = new Array(values.length);
    for (let r = 0; r < values.length; r++) {
      const e = element(values[r]![c]);
      if (e === undefined) return undefined;
      parts[r] = e;
    }
    arrays.push(`{${parts.join(',')}}`);
  }
  const sql =
    `insert into ?? (${cols.map(() => '??').join(',')}) select ${casts.map((t, i) => `c${i}::${t}`).join(',')}` +
    ` from unnest(${cols.map(() => '?::text[]').join(',')}) as u(${cols.map((_, i) => `c${i}`).join(',')})` +
    (returning ? ' returning ??' : '');
  const bindings: Knex.RawBinding[] = [model.tableName, ...cols, ...arrays];
  if (returning) bindings.push(returning);
  const result = (await trx.raw(sql, bindings)) as { rows: Record<string, unknown>[] };
  return result.rows;
}
