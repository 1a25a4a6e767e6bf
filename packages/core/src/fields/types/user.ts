/** User: one or more users of the base, stored as comma-joined user ids or e-mails. */
import { coerceText } from '../coerce.js';
import { TEXT, pick } from '../db-types.js';
import { props, storedField } from '../define.js';
import { COUNT_ONLY, SELECT_OPS } from '../ops.js';

export const user = storedField({
  uidt: 'User',
  kind: 'user',
  dbType: pick(TEXT),
  props: props(),
  coerce: (value, ctx) => {
    if (Array.isArray(value)) {
      const ids = value.map((v) =>
        typeof v === 'object' && v
          ? ((v as { id?: unknown; email?: unknown }).id ?? (v as { email?: unknown }).email)
          : v,
      );
      return { ok: true, value: ids.map(String).join(',') || null };
    }
    return coerceText(value, ctx);
  },
  aggregations: COUNT_ONLY,
  filterOps: SELECT_OPS,
});
