/** Number: a whole number (bigint). */
import { coerceInteger } from '../coerce.js';
import { BIGINT, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { NUMBER_OPS, NUMERIC_AGGREGATIONS } from '../ops.js';

export const number = storedField({
  uidt: 'Number',
  kind: 'integer',
  dbType: pick(BIGINT),
  props: props({ length: true, unsigned: true, autoIncrement: true, defaultValue: true }),
  coerce: coerceInteger,
  aggregations: NUMERIC_AGGREGATIONS,
  filterOps: NUMBER_OPS,
});
