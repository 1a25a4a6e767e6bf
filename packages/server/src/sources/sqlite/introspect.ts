/** Reads tables, columns, primary and foreign keys of a SQLite database. */
import type { Knex } from 'knex';
import { splitType, type IntrospectedTable } from '../introspected.js';

export async function introspectSqlite(knex: Knex): Promise<IntrospectedTable[]> {
  const tables: { name: string; sql: string | null; type: 'table' | 'view' }[] = await knex.raw(
    `select name, sql, type from sqlite_master where type in ('table', 'view') and name not like 'sqlite_%' order by name`,
  );
  const out: IntrospectedTable[] = [];
  for (const t of tables) {
    const cols: { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[] =
      await knex.raw('pragma table_info(??)', [t.name]);
    const fks: { table: string; from: string; to: string | null }[] = await knex.raw(
      'pragma foreign_key_list(??)',
      [t.name],
    );
    const pkCount = cols.filter((c) => c.pk > 0).length;
    out.push({
      name: t.name,
      type: t.type,
      columns: cols.map((c) => {
        const { dt, dtxp, dtxs } = splitType(c.type || 'text');
        const rowid = c.pk > 0 && pkCount === 1 && dt === 'integer';
        return {
          name: c.name,
          dt,
          dtxp,
          dtxs,
          pk: c.pk > 0,
          ai: rowid,
          rqd: c.notnull === 1 || c.pk > 0,
          un: false,
          cdf: c.dflt_value,
        };
      }),
      foreignKeys: fks.map((f) => ({ column: f.from, refTable: f.table, refColumn: f.to ?? 'id' })),
    });
  }
  return out;
}
