/** Rollup: an aggregate (sum, avg, ...) of a field of the linked records. */
import { virtualField } from '../define.js';
import { NUMBER_OPS, NUMERIC_AGGREGATIONS } from '../ops.js';

export const rollup = virtualField({
  uidt: 'Rollup',
  kind: 'rollup',
  options: 'rollup',
  computedBy: 'rollup',
  aggregations: NUMERIC_AGGREGATIONS,
  filterOps: NUMBER_OPS,
});
