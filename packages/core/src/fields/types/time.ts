/** Time: a time of day, `HH:mm:ss`. */
import { coerceTime } from '../coerce.js';
import { TIME, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { FULL_AGGREGATIONS, DATE_OPS } from '../ops.js';

export const time = storedField({
  uidt: 'Time',
  kind: 'time',
  dbType: pick(TIME),
  props: props({ autoUpdate: true, defaultValue: true }),
  coerce: coerceTime,
  aggregations: FULL_AGGREGATIONS,
  filterOps: DATE_OPS,
});
