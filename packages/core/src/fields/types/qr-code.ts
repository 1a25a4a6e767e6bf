/** QrCode: a QR code drawn from another field's value. */
import { virtualField } from '../define.js';
import { COUNT_ONLY, NO_OPS } from '../ops.js';

export const qrCode = virtualField({
  uidt: 'QrCode',
  kind: 'computed',
  displayCandidate: 'never',
  options: 'code',
  aggregations: COUNT_ONLY,
  filterOps: NO_OPS,
});
