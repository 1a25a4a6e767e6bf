/**
 * Result types of formula expressions, the SQL dialects formulas compile to, and what type a referenced field
 * has in a formula.
 */
import type { ColumnMeta, SourceClient } from '../api/meta.js';
import { isPrimaryKeyType } from '../fields/traits.js';
import type { UIType } from '../fields/ui-types.js';

/**
 * The type of a formula expression. `boolean` covers both checkbox values and conditions (comparisons);
 * `json` is an array or object (lookups, JSON fields); `null` is BLANK(); `unknown` is accepted anywhere.
 */
export type FormulaType = 'numeric' | 'string' | 'date' | 'boolean' | 'json' | 'null' | 'unknown';

export const FORMULA_DIALECTS = ['pg', 'mysql', 'sqlite', 'mssql', 'oracle', 'snowflake'] as const;
export type FormulaDialect = (typeof FORMULA_DIALECTS)[number];

/** The formula dialect of a source's client. */
export function dialectOfClient(client: SourceClient): FormulaDialect {
  switch (client) {
    case 'sqlite3':
      return 'sqlite';
    case 'pg':
      return 'pg';
    case 'mysql':
    case 'mysql2':
      return 'mysql';
    case 'mssql':
      return 'mssql';
    case 'oracledb':
      return 'oracle';
    case 'snowflake':
      return 'snowflake';
  }
}

/**
 * The formula type of a stored (non-computed) field, by UI type. Computed fields (Formula, Lookup, Rollup,
 * Links...) get theirs from the checker's resolver or, for formulas, by checking their own formula.
 */
export const FORMULA_TYPE_OF_UI_TYPE: { [K in UIType]: FormulaType } = {
  ID: 'numeric',
  LinkToAnotherRecord: 'json',
  Links: 'numeric',
  ForeignKey: 'unknown',
  Lookup: 'json',
  SingleLineText: 'string',
  LongText: 'string',
  Attachment: 'json',
  Checkbox: 'boolean',
  MultiSelect: 'string',
  SingleSelect: 'string',
  Collaborator: 'string',
  Date: 'date',
  Year: 'numeric',
  Time: 'string',
  PhoneNumber: 'string',
  GeoData: 'string',
  Email: 'string',
  URL: 'string',
  Number: 'numeric',
  Decimal: 'numeric',
  Currency: 'numeric',
  Percent: 'numeric',
  Duration: 'numeric',
  Rating: 'numeric',
  Formula: 'unknown',
  Rollup: 'numeric',
  Count: 'numeric',
  DateTime: 'date',
  CreateTime: 'date',
  LastModifiedTime: 'date',
  AutoNumber: 'numeric',
  Geometry: 'string',
  JSON: 'json',
  SpecificDBType: 'unknown',
  Barcode: 'string',
  QrCode: 'string',
  Button: 'unknown',
  User: 'json',
  Password: 'string',
};

const TEXT_DB_TYPES = /char|text|uuid|string|clob/i;

/** The static formula type of a column: an `ID` over a text column (string ids) is a string. */
export function staticFormulaTypeOf(column: Pick<ColumnMeta, 'uidt' | 'dt'>): FormulaType {
  if (isPrimaryKeyType(column.uidt) && column.dt && TEXT_DB_TYPES.test(column.dt)) return 'string';
  return FORMULA_TYPE_OF_UI_TYPE[column.uidt];
}
