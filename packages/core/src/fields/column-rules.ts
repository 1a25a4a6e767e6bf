/**
 * docs/behaviour/fields.md column rules that depend on the physical type and the dialect: which types take a length or a
 * scale, may be unsigned, auto-increment, auto-update or carry a default; docs/behaviour/limits.md default lengths; and the
 * MySQL enum/set types of select fields.
 */
import type { SelectOption } from '../api/meta.js';
import type { DbType, Dialect } from './field-type.js';
import { SELECT_OPTION_CAP } from './db-types.js';
import { FIELD_TYPES } from './registry.js';
import type { UIType } from './ui-types.js';

const INTEGER_DTS = new Set([
  'int',
  'integer',
  'bigint',
  'smallint',
  'tinyint',
  'mediumint',
  'serial',
  'bigserial',
  'smallserial',
  'int2',
  'int4',
  'int8',
]);
const DATE_TIME_DTS = new Set([
  'date',
  'datetime',
  'datetime2',
  'smalldatetime',
  'datetimeoffset',
  'timestamp',
  'timestamptz',
  'timestamp without time zone',
  'timestamp with time zone',
  'timestamp_ntz',
  'timestamp_ltz',
  'timestamp_tz',
  'time',
  'timetz',
  'time without time zone',
  'time with time zone',
]);
const MYSQL_GEOMETRY_DTS = new Set([
  'geometry',
  'point',
  'linestring',
  'polygon',
  'multipoint',
  'multilinestring',
  'multipolygon',
  'geometrycollection',
]);

/** docs/behaviour/limits.md default lengths on MySQL. */
const MYSQL_DEFAULT_LENGTH: Record<string, number> = {
  int: 11,
  tinyint: 1,
  smallint: 5,
  mediumint: 9,
  bigint: 20,
  bit: 64,
  float: 12,
  decimal: 10,
  double: 22,
  serial: 20,
  char: 255,
  varchar: 255,
  nchar: 255,
  binary: 255,
  varbinary: 65500,
};

const norm = (dt: string) => dt.trim().toLowerCase();

export const isIntegerDt = (dt: string) => INTEGER_DTS.has(norm(dt));
export const isDateTimeDt = (dt: string) => DATE_TIME_DTS.has(norm(dt));

/** Unsigned applies only to MySQL integer types. */
export const canBeUnsigned = (dialect: Dialect, dt: string) => dialect === 'mysql' && isIntegerDt(dt);
/** Auto increment only on integer types (and only one per table: see `autoIncrementProblem`). */
export const canAutoIncrement = (dt: string) => isIntegerDt(dt);
/** Auto update only on date and time types. */
export const canAutoUpdate = (dt: string) => isDateTimeDt(dt);

/** Scale shows for float/decimal/double/real on MySQL, decimal/numeric on MSSQL (and pg/sqlite/oracle alike). */
export function takesScale(dialect: Dialect, dt: string): boolean {
  const t = norm(dt);
  if (dialect === 'mysql') return ['float', 'decimal', 'double', 'real'].includes(t);
  if (dialect === 'mssql') return ['decimal', 'numeric'].includes(t);
  if (dialect === 'oracle' || dialect === 'snowflake') return ['number', 'decimal', 'numeric'].includes(t);
  return ['decimal', 'numeric'].includes(t);
}

/** Whether the type takes a length (precision) at all; the length field is disabled otherwise. */
export function takesLength(dialect: Dialect, dt: string): boolean {
  const t = norm(dt);
  if (
    [
      'varchar',
      'char',
      'nvarchar',
      'nchar',
      'binary',
      'varbinary',
      'character varying',
      'character',
      'varchar2',
      'nvarchar2',
    ].includes(t)
  ) {
    return true;
  }
  if (['decimal', 'numeric', 'number'].includes(t)) return true;
  if (dialect === 'mysql') return t in MYSQL_DEFAULT_LENGTH || t === 'enum' || t === 'set';
  return false;
}

/** A default value is not allowed for geometry types or JSON on MySQL. */
export function canHaveDefault(dialect: Dialect, dt: string): boolean {
  const t = norm(dt);
  return !(dialect === 'mysql' && (MYSQL_GEOMETRY_DTS.has(t) || t === 'json'));
}

/** docs/behaviour/limits.md default length of a type, when it has one. */
export function defaultLength(dialect: Dialect, dt: string): number | undefined {
  const t = norm(dt);
  if (dialect === 'mysql') return MYSQL_DEFAULT_LENGTH[t];
  if (dialect === 'mssql')
    return t === 'decimal' ? 10 : t === 'varchar' || t === 'nvarchar' ? 255 : undefined;
  if (dialect === 'snowflake') return t === 'varchar' ? 255 : t === 'number' ? 38 : undefined;
  if (['varchar', 'character varying', 'varchar2'].includes(t)) return 255;
  if (['decimal', 'numeric'].includes(t)) return 10;
  return undefined;
}

/** Quotes select options as MySQL enum/set members and `dtxp` carry them: `'a','it''s'`. */
export function quoteOptionList(titles: readonly string[]): string {
  return titles.map((t) => `'${t.replace(/'/g, "''")}'`).join(',');
}

/** Parses a quoted option list back into titles. @example parseOptionList("'a','it''s'") // ['a', "it's"] */
export function parseOptionList(list: string): string[] {
  const out: string[] = [];
  const re = /'((?:[^']|'')*)'/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(list))) out.push(m[1]!.replace(/''/g, "'"));
  return out;
}

/**
 * The physical type of a select field. MySQL: SingleSelect is an enum of its options, MultiSelect a set
 * while it has at most 64 options and text above (docs/behaviour/fields.md); without options, or elsewhere, plain text.
 */
export function selectDbType(dialect: Dialect, uidt: UIType, options: readonly SelectOption[]): DbType {
  const base = FIELD_TYPES[uidt].dbType(dialect) ?? { dt: 'text' };
  if (dialect !== 'mysql' || options.length === 0) return base;
  const titles = options.map((o) => o.title);
  const { kind } = FIELD_TYPES[uidt];
  if (kind === 'select') return { dt: 'enum', dtxp: quoteOptionList(titles) };
  if (kind === 'multiselect' && titles.length <= SELECT_OPTION_CAP && titles.every((t) => !t.includes(','))) {
    return { dt: 'set', dtxp: quoteOptionList(titles) };
  }
  return base;
}

export interface ColumnFlags {
  dt: string;
  ai?: boolean;
  un?: boolean;
  au?: boolean;
  cdf?: string | null;
}

/**
 * The first docs/behaviour/fields.md rule a column breaks, as a message, or undefined. `otherAutoIncrement` names another
 * column of the table that already auto-increments.
 */
export function columnRuleProblem(
  dialect: Dialect,
  col: ColumnFlags & { title: string },
  otherAutoIncrement?: string,
): string | undefined {
  if (col.ai && !canAutoIncrement(col.dt)) {
    return `Column '${col.title}': auto increment is only allowed on integer types, not ${col.dt}`;
  }
  if (col.ai && otherAutoIncrement) {
    return `Column '${col.title}': auto increment is already set on column '${otherAutoIncrement}'`;
  }
  if (col.un && !canBeUnsigned(dialect, col.dt)) {
    return `Column '${col.title}': unsigned applies only to MySQL integer types`;
  }
  if (col.au && !canAutoUpdate(col.dt)) {
    return `Column '${col.title}': auto update applies only to date and time types`;
  }
  if (col.cdf !== null && col.cdf !== undefined && col.cdf !== '' && !canHaveDefault(dialect, col.dt)) {
    return `Column '${col.title}': a default value is not allowed for ${col.dt} on MySQL`;
  }
  return undefined;
}
