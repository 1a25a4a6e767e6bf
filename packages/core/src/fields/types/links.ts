/** Links: a relation to another table shown as a count of linked records. */
import { virtualField } from '../define.js';
import { LINK_OPS, NUMERIC_AGGREGATIONS } from '../ops.js';

export const links = virtualField({
  uidt: 'Links',
  kind: 'link',
  displayCandidate: 'never',
  options: 'link',
  computedBy: 'link',
  aggregations: NUMERIC_AGGREGATIONS,
  filterOps: LINK_OPS,
});
