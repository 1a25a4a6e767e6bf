/**
 * Default physical types per dialect (docs/behaviour/limits.md): MySQL lengths (int 11, varchar 255, decimal 10 scale 2...),
 * MSSQL decimal 10 / varchar 255, Snowflake 255 strings / 38 numbers. PostgreSQL and SQLite use their
 * natural equivalents. Field type files pick one of these tables.
 */
import type { DbType, Dialect } from './field-type.js';

export type DialectTypes = Record<Dialect, DbType>;

/** Default scale of decimal-like types (docs/behaviour/limits.md). */
export const DEFAULT_SCALE = 2;
/** Length of a new title column and of extra text columns (docs/behaviour/fields.md, docs/behaviour/limits.md). */
export const TITLE_LENGTH = 45;
/** Long text threshold (docs/behaviour/limits.md). */
export const LONG_TEXT_THRESHOLD = 255;
/** Select option cap, also MySQL's limit for `set` (docs/behaviour/limits.md). */
export const SELECT_OPTION_CAP = 64;

export const STRING: DialectTypes = {
  sqlite: { dt: 'varchar', dtxp: 255 },
  pg: { dt: 'character varying', dtxp: 255 },
  mysql: { dt: 'varchar', dtxp: 255 },
  mssql: { dt: 'varchar', dtxp: 255 },
  oracle: { dt: 'varchar2', dtxp: 255 },
  snowflake: { dt: 'varchar', dtxp: 255 },
};

export const TEXT: DialectTypes = {
  sqlite: { dt: 'text' },
  pg: { dt: 'text' },
  mysql: { dt: 'text' },
  mssql: { dt: 'varchar', dtxp: 'max' },
  oracle: { dt: 'clob' },
  snowflake: { dt: 'text' },
};

export const INTEGER: DialectTypes = {
  sqlite: { dt: 'integer' },
  pg: { dt: 'integer' },
  mysql: { dt: 'int', dtxp: 11 },
  mssql: { dt: 'int' },
  oracle: { dt: 'integer' },
  snowflake: { dt: 'number', dtxp: 38, dtxs: 0 },
};

export const BIGINT: DialectTypes = {
  sqlite: { dt: 'bigint' },
  pg: { dt: 'bigint' },
  mysql: { dt: 'bigint', dtxp: 20 },
  mssql: { dt: 'bigint' },
  oracle: { dt: 'number', dtxp: 19, dtxs: 0 },
  snowflake: { dt: 'number', dtxp: 38, dtxs: 0 },
};

export const DECIMAL: DialectTypes = {
  sqlite: { dt: 'decimal', dtxp: 10, dtxs: DEFAULT_SCALE },
  pg: { dt: 'decimal', dtxp: 10, dtxs: DEFAULT_SCALE },
  mysql: { dt: 'decimal', dtxp: 10, dtxs: DEFAULT_SCALE },
  mssql: { dt: 'decimal', dtxp: 10, dtxs: DEFAULT_SCALE },
  oracle: { dt: 'number', dtxp: 10, dtxs: DEFAULT_SCALE },
  snowflake: { dt: 'number', dtxp: 38, dtxs: DEFAULT_SCALE },
};

export const DOUBLE: DialectTypes = {
  sqlite: { dt: 'real' },
  pg: { dt: 'double precision' },
  mysql: { dt: 'double', dtxp: 22, dtxs: DEFAULT_SCALE },
  mssql: { dt: 'float' },
  oracle: { dt: 'binary_double' },
  snowflake: { dt: 'float' },
};

export const BOOLEAN: DialectTypes = {
  sqlite: { dt: 'boolean' },
  pg: { dt: 'boolean' },
  mysql: { dt: 'tinyint', dtxp: 1 },
  mssql: { dt: 'bit' },
  oracle: { dt: 'number', dtxp: 1, dtxs: 0 },
  snowflake: { dt: 'boolean' },
};

export const DATE: DialectTypes = {
  sqlite: { dt: 'date' },
  pg: { dt: 'date' },
  mysql: { dt: 'date' },
  mssql: { dt: 'date' },
  oracle: { dt: 'date' },
  snowflake: { dt: 'date' },
};

export const DATETIME: DialectTypes = {
  sqlite: { dt: 'datetime' },
  pg: { dt: 'timestamp' },
  mysql: { dt: 'datetime' },
  mssql: { dt: 'datetime2' },
  oracle: { dt: 'timestamp' },
  snowflake: { dt: 'timestamp_ntz' },
};

export const TIME: DialectTypes = {
  sqlite: { dt: 'time' },
  pg: { dt: 'time' },
  mysql: { dt: 'time' },
  mssql: { dt: 'time' },
  oracle: { dt: 'varchar2', dtxp: 12 },
  snowflake: { dt: 'time' },
};

export const JSON_TYPE: DialectTypes = {
  sqlite: { dt: 'text' },
  pg: { dt: 'json' },
  mysql: { dt: 'json' },
  mssql: { dt: 'varchar', dtxp: 'max' },
  oracle: { dt: 'clob' },
  snowflake: { dt: 'variant' },
};

export const GEOMETRY: DialectTypes = {
  sqlite: { dt: 'text' },
  pg: { dt: 'text' },
  mysql: { dt: 'geometry' },
  mssql: { dt: 'geometry' },
  oracle: { dt: 'clob' },
  snowflake: { dt: 'geography' },
};

export const YEAR: DialectTypes = { ...INTEGER, mysql: { dt: 'year' } };

/** The auto-increment primary key of a new table. */
export const PRIMARY_KEY: DialectTypes = {
  ...INTEGER,
  mysql: { dt: 'int', dtxp: 11 },
};

/** Picks one dialect's entry, copied so callers may change it. */
export const pick =
  (table: DialectTypes) =>
  (dialect: Dialect): DbType => ({ ...table[dialect] });
