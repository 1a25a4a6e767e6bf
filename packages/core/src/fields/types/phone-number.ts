/** PhoneNumber: text checked with isMobilePhone (docs/behaviour/validation.md). */
import { isMobilePhone } from '../checkers.js';
import { checkedText } from '../coerce.js';
import { STRING, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { COUNT_ONLY, TEXT_OPS } from '../ops.js';

export const phoneNumber = storedField({
  uidt: 'PhoneNumber',
  kind: 'text',
  dbType: pick(STRING),
  props: props({ length: true, defaultValue: true }),
  coerce: checkedText('isMobilePhone', isMobilePhone),
  aggregations: COUNT_ONLY,
  filterOps: TEXT_OPS,
  formulaSafe: true,
});
