/**
 * QR code and barcode fields (NocoDB's colOptions): which field they encode, and for barcodes the symbology.
 * QrCode: `{ fk_qr_value_column_id }`; Barcode: `{ fk_barcode_value_column_id, barcode_format }`.
 */
import type { UIType } from './ui-types.js';

/** The barcode formats NocoDB stores in `barcode_format`, in the order the field form offers them. */
export const BARCODE_FORMATS = [
  'CODE128',
  'upc',
  'EAN13',
  'EAN8',
  'EAN5',
  'EAN2',
  'CODE39',
  'ITF14',
  'MSI',
  'pharmacode',
  'codabar',
] as const;
export type BarcodeFormat = (typeof BARCODE_FORMATS)[number];

export const DEFAULT_BARCODE_FORMAT: BarcodeFormat = 'CODE128';

/** The symbologies' own names (not translated: they are names, printed the same in every language). */
export const BARCODE_FORMAT_LABELS: { [K in BarcodeFormat]: string } = {
  CODE128: 'Code 128',
  upc: 'UPC-A',
  EAN13: 'EAN-13',
  EAN8: 'EAN-8',
  EAN5: 'EAN-5',
  EAN2: 'EAN-2',
  CODE39: 'Code 39',
  ITF14: 'ITF-14',
  MSI: 'MSI',
  pharmacode: 'Pharmacode',
  codabar: 'Codabar',
};

export function isBarcodeFormat(value: unknown): value is BarcodeFormat {
  return typeof value === 'string' && (BARCODE_FORMATS as readonly string[]).includes(value);
}

/** The colOptions key naming the encoded field, per code type. */
export const CODE_VALUE_KEY = {
  QrCode: 'fk_qr_value_column_id',
  Barcode: 'fk_barcode_value_column_id',
} as const;
export type CodeType = keyof typeof CODE_VALUE_KEY;

export const isCodeType = (uidt: unknown): uidt is CodeType =>
  typeof uidt === 'string' && Object.hasOwn(CODE_VALUE_KEY, uidt);

/** The colOptions keys besides the encoded field that a code type takes: a barcode's symbology. */
export const CODE_EXTRA_KEYS: { readonly [K in CodeType]: readonly 'barcode_format'[] } = {
  QrCode: [],
  Barcode: ['barcode_format'],
};

/** Whether a code type is drawn in a chosen symbology (`barcode_format`), defaulting to Code 128. */
export const hasCodeFormat = (uidt: CodeType): boolean => CODE_EXTRA_KEYS[uidt].length > 0;

/**
 * Types whose value is not one piece of text a code can hold: links and what reads through them, other codes,
 * files, JSON documents, users, buttons, passwords and the internal foreign keys.
 */
const NOT_ENCODABLE: readonly UIType[] = [
  'LinkToAnotherRecord',
  'Links',
  'Lookup',
  'Rollup',
  'Count',
  'QrCode',
  'Barcode',
  'Attachment',
  'JSON',
  'Button',
  'Collaborator',
  'User',
  'Password',
  'ForeignKey',
];

/** Whether a QR code or barcode can encode a field of this type (text, numbers, dates, formulas...). */
export const isEncodable = (uidt: UIType): boolean => !NOT_ENCODABLE.includes(uidt);
