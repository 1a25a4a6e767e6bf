/** The UI types of docs/behaviour/fields.md and the groupings it names. */

export const UI_TYPES = [
  'ID',
  'LinkToAnotherRecord',
  'Links',
  'ForeignKey',
  'Lookup',
  'SingleLineText',
  'LongText',
  'Attachment',
  'Checkbox',
  'MultiSelect',
  'SingleSelect',
  'Collaborator',
  'Date',
  'Year',
  'Time',
  'PhoneNumber',
  'GeoData',
  'Email',
  'URL',
  'Number',
  'Decimal',
  'Currency',
  'Percent',
  'Duration',
  'Rating',
  'Formula',
  'Rollup',
  'Count',
  'DateTime',
  'CreateTime',
  'LastModifiedTime',
  'AutoNumber',
  'Geometry',
  'JSON',
  'SpecificDBType',
  'Barcode',
  'QrCode',
  'Button',
  'User',
  'Password',
] as const;
export type UIType = (typeof UI_TYPES)[number];

export function isUIType(value: unknown): value is UIType {
  return typeof value === 'string' && (UI_TYPES as readonly string[]).includes(value);
}

/** Internal types (docs/behaviour/fields.md). */
export const INTERNAL_UI_TYPES: readonly UIType[] = ['CreateTime', 'ID', 'ForeignKey'];

/** Types the type picker does not offer (docs/behaviour/fields.md). LinkToAnotherRecord is offered but marked deprecated. */
export const HIDDEN_FROM_TYPE_PICKER: readonly UIType[] = [
  'ID',
  'ForeignKey',
  'CreateTime',
  'Count',
  'AutoNumber',
  'Button',
  'Collaborator',
  'Password',
];

export const NUMERIC_UI_TYPES: readonly UIType[] = [
  'Duration',
  'Currency',
  'Percent',
  'Number',
  'Decimal',
  'Rating',
  'Rollup',
  'Year',
  'Links',
];

/** Fields with no column of their own in the table: computed on read. */
export const VIRTUAL_UI_TYPES: readonly UIType[] = [
  'LinkToAnotherRecord',
  'Formula',
  'QrCode',
  'Barcode',
  'Rollup',
  'Lookup',
  'Links',
  'Count',
  'Button',
];

/** The two link types: a count of linked records (Links) and NocoDB's older LinkToAnotherRecord. */
export type LinkUIType = 'LinkToAnotherRecord' | 'Links';
export const LINK_UI_TYPES: readonly LinkUIType[] = ['LinkToAnotherRecord', 'Links'];

export const TEXT_LIKE_UI_TYPES: readonly UIType[] = [
  'LongText',
  'SingleLineText',
  'Number',
  'PhoneNumber',
  'Email',
  'Decimal',
  'Currency',
  'Percent',
  'Duration',
  'JSON',
  'URL',
  'SpecificDBType',
];

export type RelationType = 'hm' | 'bt' | 'mm' | 'oo';

export const isVirtual = (uidt: UIType) => VIRTUAL_UI_TYPES.includes(uidt);
export const isNumeric = (uidt: UIType) => NUMERIC_UI_TYPES.includes(uidt);
export const isLink = (uidt: UIType | string): uidt is LinkUIType =>
  (LINK_UI_TYPES as readonly string[]).includes(uidt);
