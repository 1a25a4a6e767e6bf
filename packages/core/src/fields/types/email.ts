/** Email: text checked with isEmail (docs/behaviour/validation.md). */
import { isEmail } from '../checkers.js';
import { checkedText } from '../coerce.js';
import { STRING, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { COUNT_ONLY, TEXT_OPS } from '../ops.js';

export const email = storedField({
  uidt: 'Email',
  kind: 'text',
  jsonFormat: 'email',
  dbType: pick(STRING),
  props: props({ length: true, defaultValue: true }),
  coerce: checkedText('isEmail', isEmail),
  aggregations: COUNT_ONLY,
  filterOps: TEXT_OPS,
});
