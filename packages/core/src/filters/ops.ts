/**
 * The comparison operators of the `where` language, the date sub-operators, and which operators each kind
 * of value allows. The server's SQL compiler and the web's filter editor both read these lists.
 */
import type { UIType } from '../fields/ui-types.js';

export const COMPARISON_OPS = [
  'eq',
  'neq',
  'not',
  'gt',
  'ge',
  'lt',
  'le',
  'is',
  'isnot',
  'in',
  'btw',
  'nbtw',
  'like',
  'nlike',
  'blank',
  'notblank',
  'empty',
  'notempty',
  'null',
  'notnull',
  'checked',
  'notchecked',
  'allof',
  'anyof',
  'nallof',
  'nanyof',
  'isWithin',
] as const;
export type ComparisonOp = (typeof COMPARISON_OPS)[number];

export function isComparisonOp(value: string): value is ComparisonOp {
  return (COMPARISON_OPS as readonly string[]).includes(value);
}

/** Operators that take no value: `(Title,blank)`. */
export const VALUELESS_OPS: readonly ComparisonOp[] = [
  'blank',
  'notblank',
  'empty',
  'notempty',
  'null',
  'notnull',
  'checked',
  'notchecked',
];

/** Operators whose value is a comma-separated list: `(Tags,anyof,a,b)`. */
export const LIST_OPS: readonly ComparisonOp[] = ['in', 'btw', 'nbtw', 'allof', 'anyof', 'nallof', 'nanyof'];

/** Sub-operators of eq/neq/gt/ge/lt/le on dates: `(Date,eq,today)`, `(Date,lt,daysAgo,3)`. */
export const DATE_COMPARISON_SUB_OPS = [
  'today',
  'tomorrow',
  'yesterday',
  'oneWeekAgo',
  'oneWeekFromNow',
  'oneMonthAgo',
  'oneMonthFromNow',
  'daysAgo',
  'daysFromNow',
  'exactDate',
] as const;
export type DateComparisonSubOp = (typeof DATE_COMPARISON_SUB_OPS)[number];

/** Sub-operators of isWithin: `(Date,isWithin,pastWeek)`, `(Date,isWithin,nextNumberOfDays,10)`. */
export const DATE_WITHIN_SUB_OPS = [
  'pastWeek',
  'pastMonth',
  'pastYear',
  'nextWeek',
  'nextMonth',
  'nextYear',
  'pastNumberOfDays',
  'nextNumberOfDays',
] as const;
export type DateWithinSubOp = (typeof DATE_WITHIN_SUB_OPS)[number];

export type DateSubOp = DateComparisonSubOp | DateWithinSubOp;

/** Sub-operators that need an argument after them. */
export const DATE_SUB_OPS_WITH_ARG: readonly DateSubOp[] = [
  'daysAgo',
  'daysFromNow',
  'exactDate',
  'pastNumberOfDays',
  'nextNumberOfDays',
];

/** How a field's values compare; filters dispatch on this, not on the UI type. */
export type FilterValueKind =
  | 'text'
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'time'
  | 'select'
  | 'multiselect'
  | 'json'
  | 'attachment'
  | 'user'
  | 'link'
  | 'other';

const KIND_OF_UI_TYPE: Record<UIType, FilterValueKind> = {
  ID: 'number',
  AutoNumber: 'number',
  ForeignKey: 'number',
  Number: 'number',
  Decimal: 'number',
  Currency: 'number',
  Percent: 'number',
  Duration: 'number',
  Rating: 'number',
  Year: 'number',
  Count: 'number',
  Rollup: 'number',
  Links: 'link',
  LinkToAnotherRecord: 'link',
  Lookup: 'other',
  SingleLineText: 'text',
  LongText: 'text',
  Email: 'text',
  URL: 'text',
  PhoneNumber: 'text',
  SpecificDBType: 'text',
  GeoData: 'text',
  Barcode: 'text',
  QrCode: 'text',
  Formula: 'text',
  Password: 'text',
  Button: 'other',
  Geometry: 'other',
  Checkbox: 'boolean',
  Date: 'date',
  DateTime: 'datetime',
  CreateTime: 'datetime',
  LastModifiedTime: 'datetime',
  Time: 'time',
  SingleSelect: 'select',
  MultiSelect: 'multiselect',
  JSON: 'json',
  Attachment: 'attachment',
  User: 'user',
  Collaborator: 'user',
};

/** @example filterKindOf('Currency') // 'number' */
export function filterKindOf(uidt: UIType): FilterValueKind {
  return KIND_OF_UI_TYPE[uidt] ?? 'other';
}

const NULLISH: ComparisonOp[] = ['blank', 'notblank', 'null', 'notnull', 'is', 'isnot'];
const TEXTISH: ComparisonOp[] = ['eq', 'neq', 'not', 'like', 'nlike', 'empty', 'notempty', ...NULLISH];
const ORDERED: ComparisonOp[] = ['eq', 'neq', 'not', 'gt', 'ge', 'lt', 'le'];

/** Which operators each value kind allows. */
export const OPS_BY_KIND: Record<FilterValueKind, readonly ComparisonOp[]> = {
  text: [...TEXTISH, 'gt', 'ge', 'lt', 'le', 'in'],
  number: [...ORDERED, 'in', 'btw', 'nbtw', ...NULLISH],
  boolean: ['eq', 'neq', 'not', 'checked', 'notchecked', ...NULLISH],
  date: [...ORDERED, 'isWithin', 'btw', 'nbtw', ...NULLISH],
  datetime: [...ORDERED, 'isWithin', 'btw', 'nbtw', ...NULLISH],
  time: [...ORDERED, ...NULLISH],
  select: [...TEXTISH, 'in', 'anyof', 'nanyof'],
  multiselect: [...TEXTISH, 'allof', 'anyof', 'nallof', 'nanyof'],
  json: [...TEXTISH],
  attachment: ['like', 'nlike', ...NULLISH, 'empty', 'notempty'],
  user: ['eq', 'neq', 'not', 'like', 'nlike', 'allof', 'anyof', 'nallof', 'nanyof', ...NULLISH],
  link: [...ORDERED, ...NULLISH],
  other: [...TEXTISH],
};

export function opAllowed(kind: FilterValueKind, op: ComparisonOp): boolean {
  return OPS_BY_KIND[kind].includes(op);
}
