/** GeoData: a point as "latitude;longitude". */
import { coerceGeo } from '../coerce.js';
import { STRING, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { FULL_AGGREGATIONS, TEXT_OPS } from '../ops.js';

export const geoData = storedField({
  uidt: 'GeoData',
  kind: 'geo',
  dbType: pick(STRING),
  props: props({ length: true }),
  coerce: coerceGeo,
  aggregations: FULL_AGGREGATIONS,
  filterOps: TEXT_OPS,
});
