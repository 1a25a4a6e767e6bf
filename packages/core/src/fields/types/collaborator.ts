/** Collaborator: a user reference (legacy name of User). */
import { coerceText } from '../coerce.js';
import { STRING, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { COUNT_ONLY, SELECT_OPS } from '../ops.js';

export const collaborator = storedField({
  uidt: 'Collaborator',
  kind: 'user',
  dbType: pick(STRING),
  props: props(),
  coerce: coerceText,
  aggregations: COUNT_ONLY,
  filterOps: SELECT_OPS,
});
