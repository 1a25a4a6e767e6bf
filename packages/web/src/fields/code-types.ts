/**
 * QR code and barcode cells: the value of the field they encode (`colOptions.fk_qr_value_column_id` /
 * `fk_barcode_value_column_id`) drawn as a code, barcodes in their `colOptions.barcode_format`. Text a code
 * cannot hold is painted muted, and `problem` says why (cell tooltip, expanded record).
 */
import { codeOptions, encodedFieldOf } from '@rowbase/core/fields/col-options';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import {
  type BarcodeFormat,
  DEFAULT_BARCODE_FORMAT,
  isBarcodeFormat,
} from '@rowbase/core/fields/code-options';
import i18next from 'i18next';
import { barcodeProblem } from './barcodes/formats';
import { asText, type CellType, readOnly } from './cell-type';
import { barcodeWidths, paintBarcode, paintQr, qrModules } from './code-paint';

/** A barcode field's format (Code 128 when unset or unknown, as NocoDB draws it). */
export function barcodeFormatOf(c: ColumnMeta): BarcodeFormat {
  const format = codeOptions(c)?.barcode_format;
  return isBarcodeFormat(format) ? format : DEFAULT_BARCODE_FORMAT;
}

/** QR code cells: the referenced field's value drawn as a QR code. */
export const qrCode: CellType = {
  format: asText,
  paint: (p, _v, display) => paintQr(p, display),
  ...readOnly(),
  valueFrom: encodedFieldOf,
  problem: (display) => (display && !qrModules(display) ? i18next.t('codes.qrTooLong') : undefined),
};

/** Barcode cells: the referenced field's value drawn as a barcode in the field's format. */
export const barcode: CellType = {
  format: asText,
  paint: (p, _v, display, c) => paintBarcode(p, display, barcodeFormatOf(c)),
  ...readOnly(),
  valueFrom: encodedFieldOf,
  problem: (display, c) => {
    const format = barcodeFormatOf(c);
    // The cached encoding answers for drawable values; only a value that cannot be drawn is explained.
    if (!display || barcodeWidths(format, display)) return undefined;
    const problem = barcodeProblem(format, display);
    return problem && i18next.t(`codes.${problem.key}`, problem.values);
  },
};
