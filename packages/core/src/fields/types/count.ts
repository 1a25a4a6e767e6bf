/** Count: the number of linked records (internal; Links shows the same). */
import { virtualField } from '../define.js';
import { NUMBER_OPS, NUMERIC_AGGREGATIONS } from '../ops.js';

export const count = virtualField({
  uidt: 'Count',
  kind: 'computed',
  options: 'count',
  computedBy: 'count',
  aggregations: NUMERIC_AGGREGATIONS,
  filterOps: NUMBER_OPS,
});
