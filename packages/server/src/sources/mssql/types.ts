/** MSSQL types -> UI types. */
import type { UIType } from '@rowbase/core/fields/ui-types';

export const MSSQL_TYPES: Record<string, UIType> = {
  int: 'Number',
  bigint: 'Number',
  smallint: 'Number',
  tinyint: 'Number',
  decimal: 'Decimal',
  numeric: 'Decimal',
  float: 'Decimal',
  real: 'Decimal',
  money: 'Currency',
  bit: 'Checkbox',
  varchar: 'SingleLineText',
  nvarchar: 'SingleLineText',
  char: 'SingleLineText',
  nchar: 'SingleLineText',
  text: 'LongText',
  ntext: 'LongText',
  date: 'Date',
  datetime: 'DateTime',
  datetime2: 'DateTime',
  smalldatetime: 'DateTime',
  datetimeoffset: 'DateTime',
  time: 'Time',
  uniqueidentifier: 'SingleLineText',
  geometry: 'Geometry',
};
