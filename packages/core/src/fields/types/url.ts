/** URL: text checked with isURL (docs/behaviour/validation.md). */
import { isURL } from '../checkers.js';
import { checkedText } from '../coerce.js';
import { TEXT, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { COUNT_ONLY, TEXT_OPS } from '../ops.js';

export const url = storedField({
  uidt: 'URL',
  kind: 'text',
  jsonFormat: 'uri',
  dbType: pick(TEXT),
  props: props({ defaultValue: true }),
  coerce: checkedText('isURL', isURL),
  aggregations: COUNT_ONLY,
  filterOps: TEXT_OPS,
});
