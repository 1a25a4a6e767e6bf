/**
 * MultiSelect: several options, stored comma-joined. On MySQL the column is a `set` of the options while
 * there are at most 64 of them, text above that (docs/behaviour/fields.md); see `selectDbType`.
 */
import { coerceMultiSelect } from '../coerce.js';
import { TEXT, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { FULL_AGGREGATIONS, MULTISELECT_OPS } from '../ops.js';

export const multiSelect = storedField({
  uidt: 'MultiSelect',
  kind: 'multiselect',
  options: 'select',
  dbType: pick(TEXT),
  props: props({ defaultValue: true }),
  coerce: coerceMultiSelect,
  aggregations: FULL_AGGREGATIONS,
  filterOps: MULTISELECT_OPS,
});
