/** Reads tables, columns, primary and foreign keys of one PostgreSQL schema (public by default). */
import type { Knex } from 'knex';
import type { IntrospectedTable } from '../introspected.js';

type Rows = { rows: Record<string, any>[] };

export async function introspectPg(knex: Knex, schema = 'public'): Promise<IntrospectedTable[]> {
  const tables = (
    (await knex.raw(
      `select table_name, table_type from information_schema.tables
        where table_schema = ? and table_type in ('BASE TABLE', 'VIEW') order by table_name`,
      [schema],
    )) as Rows
  ).rows;
  const cols = (
    (await knex.raw(
      `select table_name, column_name, data_type, udt_name, character_maximum_length, numeric_precision, numeric_scale,
            is_nullable, column_default, is_identity
       from information_schema.columns where table_schema = ? order by table_name, ordinal_position`,
      [schema],
    )) as Rows
  ).rows;
  const pks = (
    (await knex.raw(
      `select kcu.table_name, kcu.column_name from information_schema.table_constraints tc
       join information_schema.key_column_usage kcu
         on tc.constraint_name = kcu.constraint_name and tc.table_schema = kcu.table_schema
      where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = ?`,
      [schema],
    )) as Rows
  ).rows;
  const fks = (
    (await knex.raw(
      `select kcu.table_name, kcu.column_name, ccu.table_name as ref_table, ccu.column_name as ref_column
       from information_schema.table_constraints tc
       join information_schema.key_column_usage kcu
         on tc.constraint_name = kcu.constraint_name and tc.table_schema = kcu.table_schema
       join information_schema.constraint_column_usage ccu
         on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = ?`,
      [schema],
    )) as Rows
  ).rows;
  const pkSet = new Set(pks.map((p) => `${p.table_name}.${p.column_name}`));
  return tables.map((t) => ({
    name: t.table_name,
    type: t.table_type === 'VIEW' ? 'view' : 'table',
    columns: cols
      .filter((c) => c.table_name === t.table_name)
      .map((c) => {
        const dt = c.data_type === 'USER-DEFINED' ? String(c.udt_name) : String(c.data_type);
        const numeric = dt === 'numeric' || dt === 'decimal';
        const def = c.column_default as string | null;
        return {
          name: c.column_name,
          dt,
          dtxp:
            c.character_maximum_length != null
              ? String(c.character_maximum_length)
              : numeric && c.numeric_precision != null
                ? String(c.numeric_precision)
                : null,
          dtxs: numeric && c.numeric_scale != null ? String(c.numeric_scale) : null,
          pk: pkSet.has(`${t.table_name}.${c.column_name}`),
          ai: c.is_identity === 'YES' || (typeof def === 'string' && def.startsWith('nextval(')),
          rqd: c.is_nullable === 'NO',
          un: false,
          cdf: typeof def === 'string' && def.startsWith('nextval(') ? null : def,
        };
      }),
    foreignKeys: fks
      .filter((f) => f.table_name === t.table_name)
      .map((f) => ({ column: f.column_name, refTable: f.ref_table, refColumn: f.ref_column })),
  }));
}
