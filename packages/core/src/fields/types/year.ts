/** Year: a four-digit year (MySQL `year`, integer elsewhere). */
import { coerceYear } from '../coerce.js';
import { YEAR, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { NUMBER_OPS, NUMERIC_AGGREGATIONS } from '../ops.js';

export const year = storedField({
  uidt: 'Year',
  kind: 'year',
  dbType: pick(YEAR),
  props: props({ defaultValue: true }),
  coerce: coerceYear,
  aggregations: NUMERIC_AGGREGATIONS,
  filterOps: NUMBER_OPS,
});
