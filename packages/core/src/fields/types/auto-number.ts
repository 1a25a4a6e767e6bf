/** AutoNumber: a number the database assigns (auto increment). */
import { INTEGER, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { NUMBER_OPS, NUMERIC_AGGREGATIONS } from '../ops.js';

export const autoNumber = storedField({
  uidt: 'AutoNumber',
  kind: 'integer',
  dbType: pick(INTEGER),
  props: props({ autoIncrement: true, unsigned: true }),
  aggregations: NUMERIC_AGGREGATIONS,
  filterOps: NUMBER_OPS,
});
