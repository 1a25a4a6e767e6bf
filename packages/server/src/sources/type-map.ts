/**
 * Introspected columns -> UI types, per dialect: primary keys are ID, foreign keys ForeignKey, MySQL
 * tinyint(1) a Checkbox, long varchars LongText, enums/sets selects; anything unknown SpecificDBType.
 */
import type { Dialect } from '@rowbase/core/fields/field-type';
import type { UIType } from '@rowbase/core/fields/ui-types';
import type { IntrospectedColumn } from './introspected.js';
import { MSSQL_TYPES } from './mssql/types.js';
import { MYSQL_TYPES } from './mysql/types.js';
import { ORACLE_TYPES } from './oracle/types.js';
import { PG_TYPES } from './pg/types.js';
import { SNOWFLAKE_TYPES } from './snowflake/types.js';
import { SQLITE_TYPES } from './sqlite/types.js';

const TABLES: Record<Dialect, Record<string, UIType>> = {
  sqlite: SQLITE_TYPES,
  pg: PG_TYPES,
  mysql: MYSQL_TYPES,
  mssql: MSSQL_TYPES,
  oracle: ORACLE_TYPES,
  snowflake: SNOWFLAKE_TYPES,
};

export function uidtOf(dialect: Dialect, col: IntrospectedColumn, isForeignKey: boolean): UIType {
  if (col.pk) return 'ID';
  if (isForeignKey) return 'ForeignKey';
  const dt = col.dt.toLowerCase();
  if (dialect === 'mysql' && dt === 'tinyint' && col.dtxp === '1') return 'Checkbox';
  if (dialect === 'oracle' && dt === 'number' && col.dtxs === '0') return 'Number';
  return TABLES[dialect][dt] ?? 'SpecificDBType';
}

/** Whether a type name is one the dialect has (as introspection knows them). */
export function isKnownDt(dialect: Dialect, dt: string): boolean {
  const t = dt.trim().toLowerCase();
  return t in TABLES[dialect] || (dialect === 'mysql' && (t === 'enum' || t === 'set'));
}
