/**
 * A physical column as DDL needs it, and its SQL type text per dialect. Type names come from the field
 * registry or a client's `dt`; both are checked against a strict pattern before they reach SQL, and
 * enum/set members are escaped as string literals.
 */
import type { Dialect } from '@rowbase/core/fields/field-type';
import { badRequest } from '@rowbase/core/errors';
import { parseOptionList } from '@rowbase/core/fields/column-rules';

export interface ColumnSpec {
  column_name: string;
  dt: string;
  dtxp?: string | number | null;
  dtxs?: string | number | null;
  pk?: boolean;
  ai?: boolean;
  un?: boolean;
  au?: boolean;
  rqd?: boolean;
  unique?: boolean;
  cdf?: string | null;
}

const DT_PATTERN = /^[A-Za-z][A-Za-z0-9_ ]{0,40}$/;
const NUMBER_PATTERN = /^\d{1,5}$/;

/** Types whose length is an option list rather than a number. */
export const isEnumLike = (dt: string) => ['enum', 'set'].includes(dt.toLowerCase());

/** Types that never take a length in the SQL text (their dtxp is informative only). */
const NO_LENGTH = new Set([
  'text',
  'integer',
  'boolean',
  'date',
  'datetime',
  'timestamp',
  'time',
  'json',
  'jsonb',
  'real',
  'double precision',
  'bigint',
  'smallint',
  'clob',
  'variant',
  'geometry',
  'geography',
  'year',
  'float',
  'bit',
  'datetime2',
  'timestamp_ntz',
  'binary_double',
]);

function mysqlLiteral(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The SQL type text of a column, e.g. `varchar(45)`, `decimal(10,2)`, `int unsigned`, `set('a','b')`.
 * @example columnTypeSql('mysql', { column_name: 'n', dt: 'int', dtxp: 11, un: true }) // 'int(11) unsigned'
 */
export function columnTypeSql(dialect: Dialect, spec: ColumnSpec): string {
  const dt = spec.dt.trim();
  if (!DT_PATTERN.test(dt))
    throw badRequest(`Invalid database type '${spec.dt}' for column '${spec.column_name}'`);
  const lower = dt.toLowerCase();
  let sql = lower;
  if (isEnumLike(lower)) {
    const members = parseOptionList(String(spec.dtxp ?? ''));
    if (!members.length) throw badRequest(`Column '${spec.column_name}': ${lower} needs at least one option`);
    if (members.some((m) => m.includes('\0')))
      throw badRequest(`Column '${spec.column_name}': invalid option`);
    sql = `${lower}(${members.map(mysqlLiteral).join(',')})`;
  } else if (spec.dtxp !== null && spec.dtxp !== undefined && spec.dtxp !== '' && !NO_LENGTH.has(lower)) {
    const p = String(spec.dtxp).trim();
    const isMax = p.toLowerCase() === 'max';
    if (!isMax && !NUMBER_PATTERN.test(p)) {
      throw badRequest(`Invalid length '${spec.dtxp}' for column '${spec.column_name}'`);
    }
    // MySQL display widths of integers are deprecated; keep the SQL portable by dropping them.
    const intWidth = dialect === 'mysql' && ['int', 'bigint', 'smallint', 'mediumint'].includes(lower);
    if (!intWidth) {
      const s =
        spec.dtxs !== null && spec.dtxs !== undefined && spec.dtxs !== '' ? String(spec.dtxs).trim() : '';
      if (s && !NUMBER_PATTERN.test(s))
        throw badRequest(`Invalid scale '${spec.dtxs}' for column '${spec.column_name}'`);
      sql = s && !isMax ? `${lower}(${p},${s})` : `${lower}(${isMax ? 'max' : p})`;
    }
  }
  if (spec.un && dialect === 'mysql') sql += ' unsigned';
  return sql;
}

/** Whether a default value means "the current time". */
export const isNowDefault = (cdf: string | null | undefined) =>
  !!cdf && /^(current_timestamp(\(\))?|now\(\))$/i.test(cdf.trim());
