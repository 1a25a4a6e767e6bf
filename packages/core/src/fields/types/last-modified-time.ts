/** LastModifiedTime: when the row last changed; maintained by the data plane, never written by clients. */
import { DATETIME, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { DATE_AGGREGATIONS, DATE_OPS } from '../ops.js';

export const lastModifiedTime = storedField({
  uidt: 'LastModifiedTime',
  kind: 'datetime',
  stamp: 'modified',
  dbType: pick(DATETIME),
  props: props({ autoUpdate: true }),
  aggregations: DATE_AGGREGATIONS,
  filterOps: DATE_OPS,
});
