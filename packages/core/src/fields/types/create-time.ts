/** CreateTime: when the row was created; set by the database, never written by clients. */
import { DATETIME, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { DATE_AGGREGATIONS, DATE_OPS } from '../ops.js';

export const createTime = storedField({
  uidt: 'CreateTime',
  kind: 'datetime',
  stamp: 'created',
  dbType: pick(DATETIME),
  props: props(),
  aggregations: DATE_AGGREGATIONS,
  filterOps: DATE_OPS,
});
