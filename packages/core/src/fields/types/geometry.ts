/** Geometry: a spatial value (MySQL geometry; WKT text elsewhere). No default on MySQL (docs/behaviour/fields.md). */
import { coerceText } from '../coerce.js';
import { GEOMETRY, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { FULL_AGGREGATIONS, JSON_OPS } from '../ops.js';

export const geometry = storedField({
  uidt: 'Geometry',
  kind: 'text',
  displayCandidate: 'never',
  unsortable: true,
  dbType: pick(GEOMETRY),
  props: props(),
  coerce: coerceText,
  aggregations: FULL_AGGREGATIONS,
  filterOps: JSON_OPS,
});
