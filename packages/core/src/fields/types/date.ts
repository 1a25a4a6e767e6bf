/** Date: a calendar date with no time, stored as a date (never shifted by time zones). */
import { coerceDate } from '../coerce.js';
import { DATE, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { DATE_AGGREGATIONS, DATE_OPS } from '../ops.js';

export const date = storedField({
  uidt: 'Date',
  kind: 'date',
  dbType: pick(DATE),
  props: props({ autoUpdate: true, defaultValue: true }),
  coerce: coerceDate,
  aggregations: DATE_AGGREGATIONS,
  filterOps: DATE_OPS,
});
