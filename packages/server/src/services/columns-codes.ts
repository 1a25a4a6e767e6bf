/**
 * QR code and barcode fields: their colOptions (the field they encode, a barcode's format) checked against the
 * table, and the code fields that go when the field they encode is deleted or becomes a type no code can hold.
 */
import type { ColumnBody } from '@rowbase/core/api/columns';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { badRequest } from '@rowbase/core/errors';
import {
  BARCODE_FORMATS,
  CODE_VALUE_KEY,
  type CodeType,
  DEFAULT_BARCODE_FORMAT,
  hasCodeFormat,
  isBarcodeFormat,
  isCodeType,
  isEncodable,
} from '@rowbase/core/fields/code-options';
import type { UIType } from '@rowbase/core/fields/ui-types';
import type { AppContext } from '../context.js';
import type { ChangeScope } from './tables-change.js';
import type { FullTable } from './tables-meta.js';

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * The colOptions of a QR code (`{ fk_qr_value_column_id }`) or barcode (`{ fk_barcode_value_column_id,
 * barcode_format }`) from the body (flat or in `colOptions`); on an update, what the body leaves out keeps its
 * stored value (a QR code turned barcode, or back, keeps the field it encodes). 400 naming the option when the
 * field to encode is missing, not a field of this table or not encodable, or the format is not one of the 11.
 */
export function codeOptions(
  table: FullTable,
  uidt: CodeType,
  body: Partial<ColumnBody>,
  old?: ColumnMeta,
): Record<string, string> {
  const key = CODE_VALUE_KEY[uidt];
  const given: Record<string, unknown> = { ...body, ...(body.colOptions ?? {}) };
  const stored = (old && isCodeType(old.uidt) ? (old.colOptions ?? {}) : {}) as Record<string, unknown>;
  const fk = [given[key], stored[key], stored[CODE_VALUE_KEY.QrCode], stored[CODE_VALUE_KEY.Barcode]].find(
    present,
  );
  if (typeof fk !== 'string')
    throw badRequest(`${key} is required for a ${uidt} field: the id of the field to encode`);
  const target = table.columns.find((c) => c.id === fk);
  if (!target) throw badRequest(`${key}: '${fk}' is not a field of table '${table.title}'`);
  if (target.id === old?.id) throw badRequest(`${key}: field '${target.title}' cannot encode itself`);
  if (!isEncodable(target.uidt))
    throw badRequest(
      `${key}: field '${target.title}' is of type ${target.uidt}, which a ${uidt} field cannot encode`,
    );
  if (!hasCodeFormat(uidt)) return { [key]: fk };
  const format = [given.barcode_format, stored.barcode_format].find(present) ?? DEFAULT_BARCODE_FORMAT;
  if (!isBarcodeFormat(format))
    throw badRequest(`barcode_format must be one of ${BARCODE_FORMATS.join(', ')} (got '${String(format)}')`);
  return { [key]: fk, barcode_format: format };
}

/**
 * Deletes the QR code and barcode fields of a table that encode `columnId`: called when that field is deleted,
 * or changes to `nextType` when no code can hold that type.
 */
export async function deleteCodesOf(
  ctx: AppContext,
  s: ChangeScope,
  table: Pick<FullTable, 'columns'>,
  columnId: string,
  nextType?: UIType,
): Promise<void> {
  if (nextType && isEncodable(nextType)) return;
  for (const c of table.columns) {
    if (!isCodeType(c.uidt)) continue;
    const o = (c.colOptions ?? {}) as Record<string, unknown>;
    if (o[CODE_VALUE_KEY[c.uidt]] === columnId) await ctx.columns.delete(c.id, s.meta);
  }
}
