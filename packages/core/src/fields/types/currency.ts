/** Currency: a decimal amount; text input must pass isCurrency (docs/behaviour/validation.md). */
import { isCurrency } from '../checkers.js';
import { coerceDecimal } from '../coerce.js';
import { DECIMAL, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import type { CellResult } from '../field-type.js';
import { NUMBER_OPS, NUMERIC_AGGREGATIONS } from '../ops.js';

export const currency = storedField({
  uidt: 'Currency',
  kind: 'decimal',
  dbType: pick(DECIMAL),
  props: props({ length: true, scale: true, defaultValue: true }),
  coerce: (value, ctx): CellResult => {
    if (typeof value === 'string' && value.trim() !== '') {
      if (!isCurrency(value)) return { ok: false, error: 'Validation failed : isCurrency' };
      return coerceDecimal(value.replace(/[\s,$€£¥₹]/g, ''), ctx);
    }
    return coerceDecimal(value, ctx);
  },
  aggregations: NUMERIC_AGGREGATIONS,
  filterOps: NUMBER_OPS,
});
