/** ForeignKey: the physical column behind a belongs-to link (internal type). */
import { coerceInteger } from '../coerce.js';
import { INTEGER, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { FULL_AGGREGATIONS, NUMBER_OPS } from '../ops.js';

export const foreignKey = storedField({
  uidt: 'ForeignKey',
  kind: 'integer',
  foreignKey: true,
  dbType: pick(INTEGER),
  props: props({ unsigned: true }),
  coerce: (value, ctx) =>
    typeof value === 'string' && !/^-?\d+$/.test(value) ? { ok: true, value } : coerceInteger(value, ctx),
  aggregations: FULL_AGGREGATIONS,
  filterOps: NUMBER_OPS,
});
