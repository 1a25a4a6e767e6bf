/** Formula: computed from other fields; the formula helper compiles it to SQL. */
import { virtualField } from '../define.js';
import { COMPUTED_OPS, FULL_AGGREGATIONS } from '../ops.js';

export const formula = virtualField({
  uidt: 'Formula',
  kind: 'formula',
  options: 'formula',
  computedBy: 'formula',
  aggregations: FULL_AGGREGATIONS,
  filterOps: COMPUTED_OPS,
});
