/**
 * The web's field registry: every UI type of docs/behaviour/fields.md mapped to its cell type. Typed as `{ [K in UIType]: ... }`,
 * so adding a UI type without a cell here fails to compile.
 */
import type { UIType } from '@rowbase/core/fields/ui-types';
import type { CellType, FormInputKind } from './cell-type';
import { checkbox, multiSelect, singleSelect } from './choice-types';
import { barcode, qrCode } from './code-types';
import { attachment, button, formula, json, links, lookup, rollup, user } from './computed-types';
import { date, dateTime, systemTime, time } from './date-types';
import { currency, decimal, duration, number, percent, rating, readOnlyNumber, year } from './number-types';
import {
  email,
  geoData,
  geometry,
  longText,
  password,
  phoneNumber,
  singleLineText,
  specificDbType,
  url,
} from './text-types';

export const CELL_TYPES: { [K in UIType]: CellType } = {
  ID: readOnlyNumber,
  LinkToAnotherRecord: links,
  Links: links,
  ForeignKey: readOnlyNumber,
  Lookup: lookup,
  SingleLineText: singleLineText,
  LongText: longText,
  Attachment: attachment,
  Checkbox: checkbox,
  MultiSelect: multiSelect,
  SingleSelect: singleSelect,
  Collaborator: user,
  Date: date,
  Year: year,
  Time: time,
  PhoneNumber: phoneNumber,
  GeoData: geoData,
  Email: email,
  URL: url,
  Number: number,
  Decimal: decimal,
  Currency: currency,
  Percent: percent,
  Duration: duration,
  Rating: rating,
  Formula: formula,
  Rollup: rollup,
  Count: readOnlyNumber,
  DateTime: dateTime,
  CreateTime: systemTime,
  LastModifiedTime: systemTime,
  AutoNumber: readOnlyNumber,
  Geometry: geometry,
  JSON: json,
  SpecificDBType: specificDbType,
  Barcode: barcode,
  QrCode: qrCode,
  Button: button,
  User: user,
  Password: password,
};

/** The input a shared form shows for a UI type, or undefined when forms leave it out (and for unknown types). */
export function formInputOf(uidt: string): FormInputKind | undefined {
  return (CELL_TYPES as Record<string, CellType | undefined>)[uidt]?.form;
}

export function cellTypeOf(uidt: UIType): CellType {
  return CELL_TYPES[uidt] ?? CELL_TYPES.SingleLineText;
}
