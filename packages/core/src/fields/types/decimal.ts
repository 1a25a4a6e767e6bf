/** Decimal: a number with a fixed scale (default 2). */
import { coerceDecimal } from '../coerce.js';
import { DECIMAL, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { NUMBER_OPS, NUMERIC_AGGREGATIONS } from '../ops.js';

export const decimal = storedField({
  uidt: 'Decimal',
  kind: 'decimal',
  dbType: pick(DECIMAL),
  props: props({ length: true, scale: true, unsigned: true, defaultValue: true }),
  coerce: coerceDecimal,
  aggregations: NUMERIC_AGGREGATIONS,
  filterOps: NUMBER_OPS,
});
