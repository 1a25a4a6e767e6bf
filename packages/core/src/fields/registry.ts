/**
 * Every UI type of docs/behaviour/fields.md mapped to its definition. Typed as a mapped type over UIType, so adding a UI type
 * without a definition (or defining one under the wrong key) fails to compile.
 */
import type { FieldTypeDef } from './field-type.js';
import type { UIType } from './ui-types.js';
import { attachment } from './types/attachment.js';
import { autoNumber } from './types/auto-number.js';
import { barcode } from './types/barcode.js';
import { button } from './types/button.js';
import { checkbox } from './types/checkbox.js';
import { collaborator } from './types/collaborator.js';
import { count } from './types/count.js';
import { createTime } from './types/create-time.js';
import { currency } from './types/currency.js';
import { dateTime } from './types/date-time.js';
import { date } from './types/date.js';
import { decimal } from './types/decimal.js';
import { duration } from './types/duration.js';
import { email } from './types/email.js';
import { foreignKey } from './types/foreign-key.js';
import { formula } from './types/formula.js';
import { geoData } from './types/geo-data.js';
import { geometry } from './types/geometry.js';
import { id } from './types/id.js';
import { json } from './types/json.js';
import { lastModifiedTime } from './types/last-modified-time.js';
import { linkToAnotherRecord } from './types/link-to-another-record.js';
import { links } from './types/links.js';
import { longText } from './types/long-text.js';
import { lookup } from './types/lookup.js';
import { multiSelect } from './types/multi-select.js';
import { number } from './types/number.js';
import { password } from './types/password.js';
import { percent } from './types/percent.js';
import { phoneNumber } from './types/phone-number.js';
import { qrCode } from './types/qr-code.js';
import { rating } from './types/rating.js';
import { rollup } from './types/rollup.js';
import { singleLineText } from './types/single-line-text.js';
import { singleSelect } from './types/single-select.js';
import { specificDbType } from './types/specific-db-type.js';
import { time } from './types/time.js';
import { url } from './types/url.js';
import { user } from './types/user.js';
import { year } from './types/year.js';

export const FIELD_TYPES: { [K in UIType]: FieldTypeDef<K> } = {
  Attachment: attachment,
  AutoNumber: autoNumber,
  Barcode: barcode,
  Button: button,
  Checkbox: checkbox,
  Collaborator: collaborator,
  Count: count,
  CreateTime: createTime,
  Currency: currency,
  DateTime: dateTime,
  Date: date,
  Decimal: decimal,
  Duration: duration,
  Email: email,
  ForeignKey: foreignKey,
  Formula: formula,
  GeoData: geoData,
  Geometry: geometry,
  ID: id,
  JSON: json,
  LastModifiedTime: lastModifiedTime,
  LinkToAnotherRecord: linkToAnotherRecord,
  Links: links,
  LongText: longText,
  Lookup: lookup,
  MultiSelect: multiSelect,
  Number: number,
  Password: password,
  Percent: percent,
  PhoneNumber: phoneNumber,
  QrCode: qrCode,
  Rating: rating,
  Rollup: rollup,
  SingleLineText: singleLineText,
  SingleSelect: singleSelect,
  SpecificDBType: specificDbType,
  Time: time,
  URL: url,
  User: user,
  Year: year,
};

/** The definition of one UI type. */
export function fieldType<K extends UIType>(uidt: K): FieldTypeDef<K> {
  return FIELD_TYPES[uidt];
}
