/** Attachment: a JSON list of uploaded files. */
import { coerceAttachment } from '../coerce.js';
import { TEXT, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { FULL_AGGREGATIONS, JSON_OPS } from '../ops.js';

export const attachment = storedField({
  uidt: 'Attachment',
  kind: 'attachment',
  displayCandidate: 'never',
  unsortable: true,
  dbType: pick(TEXT),
  props: props(),
  coerce: coerceAttachment,
  aggregations: FULL_AGGREGATIONS,
  filterOps: JSON_OPS,
});
