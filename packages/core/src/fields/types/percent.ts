/** Percent: a number shown as a percentage. */
import { coerceDecimal } from '../coerce.js';
import { DECIMAL, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { NUMBER_OPS, NUMERIC_AGGREGATIONS } from '../ops.js';

export const percent = storedField({
  uidt: 'Percent',
  kind: 'decimal',
  dbType: pick(DECIMAL),
  props: props({ length: true, scale: true, defaultValue: true }),
  coerce: (value, ctx) => coerceDecimal(typeof value === 'string' ? value.replace(/%\s*$/, '') : value, ctx),
  aggregations: NUMERIC_AGGREGATIONS,
  filterOps: NUMBER_OPS,
});
