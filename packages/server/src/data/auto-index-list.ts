/**
 * Which columns of a table the automatic indexes (`rbx_…`, docs/performance.md) and search indexes cover, read from the
 * database's own catalogue, so the field menu can say "indexed" whatever process built them.
 */
import type { Knex } from 'knex';
import type { Dialect } from '@rowbase/core/fields/field-type';
import { textSearchColumns } from './text-search.js';

export async function autoIndexedColumns(db: Knex, dialect: Dialect, tableName: string): Promise<Set<string>> {
  let rows: { col: string }[];
  if (dialect === 'sqlite') {
    rows = (await db.raw(
      `select ii.name as col from pragma_index_list(?) as il, pragma_index_info(il.name) as ii where il.name like 'rbx\\_%' escape '\\'`,
      [tableName],
    )) as { col: string }[];
  } else if (dialect === 'pg') {
    const res = await db.raw(
      `select a.attname as col from pg_index i
         join pg_class ix on ix.oid = i.indexrelid
         join pg_class t on t.oid = i.indrelid
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
       where t.relname = ? and ix.relname like 'rbx\\_%' and pg_table_is_visible(t.oid)`,
      [tableName],
    );
    rows = res.rows as { col: string }[];
  } else if (dialect === 'mysql') {
    const [res] = (await db.raw(
      `select column_name as col from information_schema.statistics
       where table_schema = database() and table_name = ? and index_name like 'rbx\\_%'`,
      [tableName],
    )) as [{ col: string }[]];
    rows = res;
  } else return new Set();
  // On SQLite, `like` on a text field also gets a trigram search index (text-search.ts).
  const searched = dialect === 'sqlite' ? await textSearchColumns(db, tableName) : [];
  return new Set([...rows.map((r) => r.col), ...searched]);
}
