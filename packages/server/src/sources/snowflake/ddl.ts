/**
 * Snowflake DDL. Knex has no Snowflake dialect, so the few statements Rowbase needs are built here from the
 * same column specs, with identifiers double-quoted and default values as escaped string literals.
 */
import type { ColumnSpec } from '../column-spec.js';
import { columnTypeSql, isNowDefault } from '../column-spec.js';

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** One column definition. @example columnDefinition({ column_name: 'n', dt: 'varchar', dtxp: 45 }) // '"n" varchar(45)' */
export function columnDefinition(spec: ColumnSpec): string {
  if (spec.ai && spec.pk)
    return `${quoteIdent(spec.column_name)} number(38,0) autoincrement start 1 increment 1 primary key`;
  let sql = `${quoteIdent(spec.column_name)} ${columnTypeSql('snowflake', spec)}`;
  if (spec.cdf !== null && spec.cdf !== undefined && spec.cdf !== '') {
    sql += ` default ${isNowDefault(spec.cdf) ? 'current_timestamp()' : literal(spec.cdf)}`;
  }
  if (spec.rqd) sql += ' not null';
  if (spec.unique) sql += ' unique';
  if (spec.pk) sql += ' primary key';
  return sql;
}

export function createTableSql(table: string, specs: ColumnSpec[]): string {
  return `create table ${quoteIdent(table)} (${specs.map(columnDefinition).join(', ')})`;
}

export function addColumnSql(table: string, spec: ColumnSpec): string {
  return `alter table ${quoteIdent(table)} add column ${columnDefinition(spec)}`;
}

export function dropColumnSql(table: string, column: string): string {
  return `alter table ${quoteIdent(table)} drop column ${quoteIdent(column)}`;
}

export function renameColumnSql(table: string, from: string, to: string): string {
  return `alter table ${quoteIdent(table)} rename column ${quoteIdent(from)} to ${quoteIdent(to)}`;
}

export function renameTableSql(from: string, to: string): string {
  return `alter table ${quoteIdent(from)} rename to ${quoteIdent(to)}`;
}
