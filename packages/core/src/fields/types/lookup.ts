/** Lookup: a field of the linked records, read through a link. */
import { virtualField } from '../define.js';
import { COMPUTED_OPS, FULL_AGGREGATIONS } from '../ops.js';

export const lookup = virtualField({
  uidt: 'Lookup',
  kind: 'lookup',
  options: 'lookup',
  computedBy: 'lookup',
  aggregations: FULL_AGGREGATIONS,
  filterOps: COMPUTED_OPS,
});
