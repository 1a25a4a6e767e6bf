/**
 * The comparison operators of the `where` language, the date sub-operators, and which operators each kind
 * of value allows. The server's SQL compiler and the web's filter editor both read these lists.
 */
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

/**
 * Whether a field allows an operator, given the operators its field type lists (the field registry's
 * `filterOps`). `not` is NocoDB's alias of `neq`; `is`/`isnot` go wherever `null` does.
 * @example opAllowed(['eq', 'neq', 'null'], 'isnot') // true
 */
export function opAllowed(allowed: readonly string[], op: ComparisonOp): boolean {
  if (op === 'not') return allowed.includes('neq');
  if (op === 'is' || op === 'isnot') return allowed.includes(op) || allowed.includes('null');
  return allowed.includes(op);
}
