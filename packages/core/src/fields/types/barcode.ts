/** Barcode: a barcode image drawn from another field's value. */
import { virtualField } from '../define.js';
import { COUNT_ONLY, NO_OPS } from '../ops.js';

export const barcode = virtualField({
  uidt: 'Barcode',
  kind: 'computed',
  displayCandidate: 'never',
  options: 'code',
  aggregations: COUNT_ONLY,
  filterOps: NO_OPS,
});
