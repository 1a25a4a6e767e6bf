/** LongText: multi-line text (text / clob). */
import { coerceText } from '../coerce.js';
import { TEXT, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { COUNT_ONLY, TEXT_OPS } from '../ops.js';

export const longText = storedField({
  uidt: 'LongText',
  kind: 'longtext',
  displayCandidate: 'also',
  dbType: pick(TEXT),
  props: props({ defaultValue: true }),
  coerce: coerceText,
  aggregations: COUNT_ONLY,
  filterOps: TEXT_OPS,
});
