/**
 * The QR code / barcode part of the field form's body: the encoded field (`fk_qr_value_column_id` or
 * `fk_barcode_value_column_id`) and the barcode format, flat in the body as NocoDB's clients send them.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import {
  CODE_EXTRA_KEYS,
  CODE_VALUE_KEY,
  DEFAULT_BARCODE_FORMAT,
  hasCodeFormat,
  isCodeType,
} from '@rowbase/core/fields/code-options';
import type { UIType } from '@rowbase/core/fields/ui-types';

const CODE_KEYS = [CODE_VALUE_KEY.QrCode, CODE_VALUE_KEY.Barcode, 'barcode_format'];

/** The code options of a field being edited, to start the form's body with. */
export function initialCodeOptions(initial: ColumnMeta | undefined): Record<string, unknown> {
  if (!initial || !isCodeType(initial.uidt)) return {};
  const o = (initial.colOptions ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of CODE_KEYS) if (o[k] !== undefined && o[k] !== null) out[k] = o[k];
  return out;
}

/**
 * The body with only the code options its type takes (a barcode's format defaulting to Code 128), or
 * 'missing' when a QR code or barcode names no field to encode.
 */
export function withCodeOptions(
  uidt: UIType,
  body: Record<string, unknown>,
): Record<string, unknown> | 'missing' {
  const out = { ...body };
  const keep: readonly string[] = isCodeType(uidt) ? [CODE_VALUE_KEY[uidt], ...CODE_EXTRA_KEYS[uidt]] : [];
  for (const k of CODE_KEYS) if (!keep.includes(k)) delete out[k];
  if (!isCodeType(uidt)) return out;
  if (!out[CODE_VALUE_KEY[uidt]]) return 'missing';
  if (hasCodeFormat(uidt)) out.barcode_format ??= DEFAULT_BARCODE_FORMAT;
  return out;
}
