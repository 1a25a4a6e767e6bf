/**
 * Every barcode format of a Barcode field (`colOptions.barcode_format`): its encoder, and the reason a text
 * cannot be encoded (an i18n key under `codes.` with its values) for the tooltip and the expanded record.
 */
import { BARCODE_FORMAT_LABELS, type BarcodeFormat } from '@rowbase/core/fields/code-options';
import { gs1CheckDigit } from './check-digits';
import { codabarEncodes, codabarWidths } from './codabar';
import { code128Widths } from './code128';
import { code39Encodes, code39Widths } from './code39';
import { ean13Widths, ean2Widths, ean5Widths, ean8Widths, upcWidths } from './ean-upc';
import { itf14Widths } from './itf14';
import { msiWidths } from './msi';
import { PHARMACODE_MAX, PHARMACODE_MIN, pharmacodeWidths } from './pharmacode';

/** Bar and space widths in modules, starting with a bar; undefined when the text does not fit the format. */
export type Encoder = (text: string) => number[] | undefined;

export const ENCODERS: { [K in BarcodeFormat]: Encoder } = {
  CODE128: code128Widths,
  upc: upcWidths,
  EAN13: ean13Widths,
  EAN8: ean8Widths,
  EAN5: ean5Widths,
  EAN2: ean2Widths,
  CODE39: code39Widths,
  ITF14: itf14Widths,
  MSI: msiWidths,
  pharmacode: pharmacodeWidths,
  codabar: codabarWidths,
};

/** Why a text cannot be encoded: a key of `codes.*` in the locale files and its interpolation values. */
export interface BarcodeProblem {
  key: 'digitsOneOf' | 'digitsExact' | 'checkDigit' | 'cannotEncode' | 'range' | 'codabarEnds';
  values: Record<string, string | number>;
}

/** Formats of fixed-length digits ending in a GS1 check digit: the number of data digits. */
const CHECKED_DIGITS: Partial<Record<BarcodeFormat, number>> = { upc: 11, EAN13: 12, EAN8: 7, ITF14: 13 };
const EXACT_DIGITS: Partial<Record<BarcodeFormat, number>> = { EAN5: 5, EAN2: 2 };

const code128Encodes = (ch: string) => ch.length === 1 && ch >= ' ' && ch <= '~';
const digit = (ch: string) => ch >= '0' && ch <= '9';
/** Whether the character at `i` of a text `length` long can be drawn (Codabar takes A–D at its ends only). */
const CHARSETS: Partial<Record<BarcodeFormat, (ch: string, i: number, length: number) => boolean>> = {
  CODE128: code128Encodes,
  CODE39: code39Encodes,
  MSI: digit,
  codabar: (ch, i, length) => codabarEncodes(ch) || ((i === 0 || i === length - 1) && /^[A-D]$/i.test(ch)),
};

/** Why `text` cannot be drawn as `format`; undefined when it can (or is empty: nothing to draw). */
export function barcodeProblem(format: BarcodeFormat, text: string): BarcodeProblem | undefined {
  if (!text || ENCODERS[format](text)) return undefined;
  const name = BARCODE_FORMAT_LABELS[format];
  const data = CHECKED_DIGITS[format];
  if (data !== undefined) {
    if (!/^\d+$/.test(text) || (text.length !== data && text.length !== data + 1))
      return { key: 'digitsOneOf', values: { format: name, short: data, long: data + 1 } };
    return { key: 'checkDigit', values: { format: name, digit: gs1CheckDigit(text.slice(0, data)) } };
  }
  const exact = EXACT_DIGITS[format];
  if (exact !== undefined) return { key: 'digitsExact', values: { format: name, n: exact } };
  if (format === 'pharmacode')
    return { key: 'range', values: { format: name, min: PHARMACODE_MIN, max: PHARMACODE_MAX } };
  const chars = [...text];
  const bad = chars.find((ch, i) => !CHARSETS[format]!(ch, i, chars.length));
  if (bad !== undefined) return { key: 'cannotEncode', values: { format: name, char: bad } };
  return { key: 'codabarEnds', values: { format: name } };
}
