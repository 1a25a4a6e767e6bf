/** Rating: a whole number from 0 to `meta.max` (default 5). */
import { coerceInteger } from '../coerce.js';
import { INTEGER, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { NUMBER_OPS, NUMERIC_AGGREGATIONS } from '../ops.js';

/** The highest rating a field allows: its `meta.max`, else 5. */
function ratingMax(meta: unknown): number {
  return Number((meta as { max?: unknown } | null | undefined)?.max ?? 5) || 5;
}

export const rating = storedField({
  uidt: 'Rating',
  kind: 'integer',
  dbType: pick(INTEGER),
  props: props({ defaultValue: true }),
  maxValue: ratingMax,
  coerce: (value, ctx) => {
    const r = coerceInteger(value, ctx);
    if (!r.ok || r.value === null) return r;
    const max = ratingMax(ctx.column.meta);
    const n = r.value as number;
    return n >= 0 && n <= max
      ? r
      : { ok: false, error: `Invalid rating ${n} for field '${ctx.column.title}': 0 to ${max} is expected` };
  },
  aggregations: NUMERIC_AGGREGATIONS,
  filterOps: NUMBER_OPS,
});
