/** Button: runs an action (open URL, webhook); holds no value. */
import { virtualField } from '../define.js';
import { NO_OPS } from '../ops.js';

export const button = virtualField({
  uidt: 'Button',
  kind: 'computed',
  displayCandidate: 'never',
  unsortable: true,
  aggregations: [],
  filterOps: NO_OPS,
});
