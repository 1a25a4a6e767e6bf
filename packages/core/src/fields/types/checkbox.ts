/** Checkbox: a boolean. */
import { coerceBoolean } from '../coerce.js';
import { BOOLEAN, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { BOOLEAN_OPS, FULL_AGGREGATIONS } from '../ops.js';

export const checkbox = storedField({
  uidt: 'Checkbox',
  kind: 'boolean',
  dbType: pick(BOOLEAN),
  props: props({ defaultValue: true }),
  coerce: coerceBoolean,
  aggregations: FULL_AGGREGATIONS,
  filterOps: BOOLEAN_OPS,
});
