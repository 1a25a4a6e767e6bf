/** Oracle types -> UI types. */
import type { UIType } from '@rowbase/core/fields/ui-types';

export const ORACLE_TYPES: Record<string, UIType> = {
  number: 'Decimal',
  integer: 'Number',
  binary_float: 'Decimal',
  binary_double: 'Decimal',
  varchar2: 'SingleLineText',
  nvarchar2: 'SingleLineText',
  char: 'SingleLineText',
  clob: 'LongText',
  nclob: 'LongText',
  date: 'DateTime',
  timestamp: 'DateTime',
};
