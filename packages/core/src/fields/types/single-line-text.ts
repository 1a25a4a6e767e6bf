/** SingleLineText: short text, varchar by default. */
import { coerceText } from '../coerce.js';
import { STRING, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { COUNT_ONLY, TEXT_OPS } from '../ops.js';

export const singleLineText = storedField({
  uidt: 'SingleLineText',
  kind: 'text',
  displayCandidate: 'first',
  dbType: pick(STRING),
  props: props({ length: true, defaultValue: true }),
  coerce: coerceText,
  aggregations: COUNT_ONLY,
  filterOps: TEXT_OPS,
});
