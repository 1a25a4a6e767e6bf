/** LinkToAnotherRecord: a relation (hm/bt/mm) to another table; deprecated in the picker in favour of Links. */
import { virtualField } from '../define.js';
import { FULL_AGGREGATIONS, LINK_OPS } from '../ops.js';

export const linkToAnotherRecord = virtualField({
  uidt: 'LinkToAnotherRecord',
  kind: 'link',
  displayCandidate: 'never',
  options: 'link',
  computedBy: 'link',
  aggregations: FULL_AGGREGATIONS,
  filterOps: LINK_OPS,
});
