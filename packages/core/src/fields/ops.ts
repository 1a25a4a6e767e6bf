/** Aggregations (docs/behaviour/fields.md) and `where` comparison operators allowed per value kind. */
import { ALL_AGGREGATIONS, type Aggregation } from './field-type.js';

export const NUMERIC_AGGREGATIONS: readonly Aggregation[] = ALL_AGGREGATIONS;
export const DATE_AGGREGATIONS: readonly Aggregation[] = ['count', 'min', 'max', 'countDistinct'];
export const COUNT_ONLY: readonly Aggregation[] = ['count'];
/** "The rest get the full set" (docs/behaviour/fields.md). */
export const FULL_AGGREGATIONS: readonly Aggregation[] = ALL_AGGREGATIONS;

const EMPTINESS = ['blank', 'notblank', 'empty', 'notempty', 'null', 'notnull'] as const;

export const TEXT_OPS = ['eq', 'neq', 'like', 'nlike', 'in', ...EMPTINESS] as const;
export const NUMBER_OPS = ['eq', 'neq', 'gt', 'ge', 'lt', 'le', 'in', 'btw', 'nbtw', ...EMPTINESS] as const;
export const BOOLEAN_OPS = ['eq', 'neq', 'checked', 'notchecked', 'null', 'notnull'] as const;
export const DATE_OPS = [
  'eq',
  'neq',
  'gt',
  'ge',
  'lt',
  'le',
  'is',
  'isnot',
  'isWithin',
  'btw',
  'nbtw',
  ...EMPTINESS,
] as const;
export const SELECT_OPS = ['eq', 'neq', 'like', 'nlike', 'in', 'anyof', 'nanyof', ...EMPTINESS] as const;
export const MULTISELECT_OPS = [
  'eq',
  'neq',
  'like',
  'nlike',
  'anyof',
  'nanyof',
  'allof',
  'nallof',
  ...EMPTINESS,
] as const;
export const JSON_OPS = ['like', 'nlike', ...EMPTINESS] as const;
export const LINK_OPS = ['eq', 'neq', 'like', 'nlike', 'gt', 'ge', 'lt', 'le', ...EMPTINESS] as const;
/** Computed values (formula, lookup, rollup) compare like their result; the full set is offered. */
export const COMPUTED_OPS = [...new Set([...TEXT_OPS, ...NUMBER_OPS, ...DATE_OPS])] as const;
export const NO_OPS = [] as const;
