/** DateTime: a moment, stored in UTC. */
import { coerceDateTime } from '../coerce.js';
import { DATETIME, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { DATE_AGGREGATIONS, DATE_OPS } from '../ops.js';

export const dateTime = storedField({
  uidt: 'DateTime',
  kind: 'datetime',
  dbType: pick(DATETIME),
  props: props({ autoUpdate: true, defaultValue: true }),
  coerce: coerceDateTime,
  aggregations: DATE_AGGREGATIONS,
  filterOps: DATE_OPS,
});
