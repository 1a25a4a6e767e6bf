/** Duration: a length of time in seconds; "h:mm" / "h:mm:ss" text is converted. */
import { coerceDecimal } from '../coerce.js';
import { DECIMAL, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { NUMBER_OPS, NUMERIC_AGGREGATIONS } from '../ops.js';

export const duration = storedField({
  uidt: 'Duration',
  kind: 'decimal',
  dbType: pick(DECIMAL),
  props: props({ defaultValue: true }),
  coerce: (value, ctx) => {
    const m =
      typeof value === 'string' ? /^(\d+):([0-5]?\d)(?::([0-5]?\d(?:\.\d+)?))?$/.exec(value.trim()) : null;
    if (m) return { ok: true, value: +m[1]! * 3600 + +m[2]! * 60 + Number(m[3] ?? 0) };
    return coerceDecimal(value, ctx);
  },
  aggregations: NUMERIC_AGGREGATIONS,
  filterOps: NUMBER_OPS,
});
