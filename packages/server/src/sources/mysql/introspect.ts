/** Reads tables, columns, primary and foreign keys of the connected MySQL/MariaDB database. */
import type { Knex } from 'knex';
import { splitType, type IntrospectedTable } from '../introspected.js';

export async function introspectMysql(knex: Knex): Promise<IntrospectedTable[]> {
  const [tables] = (await knex.raw(
    `select table_name as name, table_type as type from information_schema.tables
      where table_schema = database() and table_type in ('BASE TABLE', 'VIEW') order by table_name`,
  )) as [Record<string, any>[]];
  const [cols] = (await knex.raw(
    `select table_name as tn, column_name as cn, column_type as ct, is_nullable as nullable,
            column_default as cdf, column_key as ck, extra as extra
       from information_schema.columns where table_schema = database() order by table_name, ordinal_position`,
  )) as [Record<string, any>[]];
  const [fks] = (await knex.raw(
    `select table_name as tn, column_name as cn, referenced_table_name as rtn, referenced_column_name as rcn
       from information_schema.key_column_usage
      where table_schema = database() and referenced_table_name is not null`,
  )) as [Record<string, any>[]];
  return tables.map((t) => ({
    name: t.name,
    type: t.type === 'VIEW' ? 'view' : 'table',
    columns: cols
      .filter((c) => c.tn === t.name)
      .map((c) => {
        const { dt, dtxp, dtxs, un } = splitType(String(c.ct));
        let cdf = c.cdf === null || c.cdf === undefined ? null : String(c.cdf);
        // MariaDB reports defaults as SQL literals ('abc', NULL); MySQL as bare values.
        if (cdf === 'NULL') cdf = null;
        else if (cdf && /^'.*'$/s.test(cdf)) cdf = cdf.slice(1, -1).replace(/''/g, "'");
        return {
          name: c.cn,
          dt,
          dtxp,
          dtxs,
          pk: c.ck === 'PRI',
          ai: /auto_increment/i.test(String(c.extra ?? '')),
          rqd: c.nullable === 'NO',
          un,
          cdf,
        };
      }),
    foreignKeys: fks
      .filter((f) => f.tn === t.name)
      .map((f) => ({ column: f.cn, refTable: f.rtn, refColumn: f.rcn })),
  }));
}
