/** Password: write-only text (internal; not offered by the type picker). */
import { coerceText } from '../coerce.js';
import { STRING, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { COUNT_ONLY, NO_OPS } from '../ops.js';

export const password = storedField({
  uidt: 'Password',
  kind: 'text',
  dbType: pick(STRING),
  props: props({ length: true }),
  coerce: coerceText,
  aggregations: COUNT_ONLY,
  filterOps: NO_OPS,
});
