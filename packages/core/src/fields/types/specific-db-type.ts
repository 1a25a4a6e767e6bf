/** SpecificDBType: a column whose database type has no better UI type; values pass through as text. */
import { coerceText } from '../coerce.js';
import { STRING, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { FULL_AGGREGATIONS, TEXT_OPS } from '../ops.js';

export const specificDbType = storedField({
  uidt: 'SpecificDBType',
  kind: 'text',
  anyDbType: true,
  dbType: pick(STRING),
  props: props({
    length: true,
    scale: true,
    unsigned: true,
    autoIncrement: true,
    autoUpdate: true,
    defaultValue: true,
  }),
  coerce: (value, ctx) =>
    typeof value === 'object' && value !== null
      ? { ok: true, value: JSON.stringify(value) }
      : coerceText(value, ctx),
  aggregations: FULL_AGGREGATIONS,
  filterOps: TEXT_OPS,
});
