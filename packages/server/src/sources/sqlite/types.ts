/** SQLite declared types -> UI types (SQLite accepts any type name; these are the common ones). */
import type { UIType } from '@rowbase/core/fields/ui-types';

export const SQLITE_TYPES: Record<string, UIType> = {
  integer: 'Number',
  int: 'Number',
  bigint: 'Number',
  smallint: 'Number',
  tinyint: 'Number',
  real: 'Decimal',
  double: 'Decimal',
  float: 'Decimal',
  numeric: 'Decimal',
  decimal: 'Decimal',
  boolean: 'Checkbox',
  varchar: 'SingleLineText',
  'character varying': 'SingleLineText',
  char: 'SingleLineText',
  nvarchar: 'SingleLineText',
  text: 'LongText',
  clob: 'LongText',
  date: 'Date',
  datetime: 'DateTime',
  timestamp: 'DateTime',
  time: 'Time',
  json: 'JSON',
  blob: 'SpecificDBType',
};
