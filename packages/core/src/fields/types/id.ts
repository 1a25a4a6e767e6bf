/** ID: the table's primary key; auto-increment integer by default. */
import { coerceInteger } from '../coerce.js';
import { PRIMARY_KEY, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { FULL_AGGREGATIONS, NUMBER_OPS } from '../ops.js';

export const id = storedField({
  uidt: 'ID',
  kind: 'id',
  dbType: pick(PRIMARY_KEY),
  props: props({ length: true, unsigned: true, autoIncrement: true }),
  coerce: (value, ctx) =>
    typeof value === 'string' && !/^-?\d+$/.test(value) ? { ok: true, value } : coerceInteger(value, ctx),
  aggregations: FULL_AGGREGATIONS,
  filterOps: NUMBER_OPS,
});
