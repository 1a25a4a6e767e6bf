/** JSON: any JSON value, stored as text (json / jsonb where the engine has it). */
import { coerceJson } from '../coerce.js';
import { JSON_TYPE, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { FULL_AGGREGATIONS, JSON_OPS } from '../ops.js';

export const json = storedField({
  uidt: 'JSON',
  kind: 'json',
  displayCandidate: 'never',
  unsortable: true,
  dbType: pick(JSON_TYPE),
  props: props({ defaultValue: true }),
  coerce: coerceJson,
  aggregations: FULL_AGGREGATIONS,
  filterOps: JSON_OPS,
});
