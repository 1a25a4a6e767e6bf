/** Snowflake types -> UI types. */
import type { UIType } from '@rowbase/core/fields/ui-types';

export const SNOWFLAKE_TYPES: Record<string, UIType> = {
  number: 'Decimal',
  int: 'Number',
  integer: 'Number',
  bigint: 'Number',
  float: 'Decimal',
  boolean: 'Checkbox',
  varchar: 'SingleLineText',
  text: 'LongText',
  string: 'LongText',
  date: 'Date',
  timestamp_ntz: 'DateTime',
  timestamp_ltz: 'DateTime',
  timestamp_tz: 'DateTime',
  time: 'Time',
  variant: 'JSON',
  object: 'JSON',
  array: 'JSON',
  geography: 'Geometry',
};
