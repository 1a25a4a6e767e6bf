/** SingleSelect: one option of a list. On MySQL an `enum` of the options (see `selectDbType`). */
import { coerceSelect } from '../coerce.js';
import { TEXT, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { FULL_AGGREGATIONS, SELECT_OPS } from '../ops.js';

export const singleSelect = storedField({
  uidt: 'SingleSelect',
  kind: 'select',
  options: 'select',
  dbType: pick(TEXT),
  props: props({ defaultValue: true }),
  coerce: coerceSelect,
  aggregations: FULL_AGGREGATIONS,
  filterOps: SELECT_OPS,
});
