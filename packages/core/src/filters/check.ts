/**
 * Checks a parsed condition against the kind of the field it names: is the operator allowed there, and is
 * the value of the right shape? Returns nothing; throws a 400 naming the field and the problem.
 */
import { badRequest } from '../errors.js';
import { resolveDateComparison, resolveWithin } from './date-values.js';
import type { ValueKind } from '../fields/field-type.js';
import { opAllowed } from './ops.js';
import type { FilterCondition } from './where.js';

const NUMBER_RE = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

export function isNumericText(text: string): boolean {
  return NUMBER_RE.test(text);
}

/** Values `is`/`isnot` accept. */
export const IS_VALUES = [
  'null',
  'notnull',
  'true',
  'false',
  'blank',
  'notblank',
  'empty',
  'notempty',
] as const;

/** The field a condition names, as the checker needs it. */
export interface FilterField {
  title: string;
  uidt: string;
  kind: ValueKind;
  /** Operators the field type allows (the registry's `filterOps`). */
  filterOps: readonly string[];
}

const NUMERIC_KINDS: readonly ValueKind[] = ['id', 'integer', 'decimal', 'year'];

/**
 * @example checkCondition(parseWhere('(Price,like,x)')[0], priceField)
 *   // throws 'Invalid where: operator "like" is not allowed on Price (a Currency field)'
 */
export function checkCondition(cond: FilterCondition, field: FilterField, now = new Date()): void {
  const fail = (problem: string) => badRequest(`Invalid where: ${problem}`);
  const fieldTitle = field.title;
  const kind = field.kind;
  if (!opAllowed(field.filterOps, cond.op)) {
    throw fail(`operator "${cond.op}" is not allowed on ${fieldTitle} (a ${field.uidt} field)`);
  }
  const { op, args } = cond;
  if (op === 'is' || op === 'isnot') {
    const v = (cond.value ?? '').trim();
    if (!(IS_VALUES as readonly string[]).includes(v)) {
      throw fail(`${op} on ${fieldTitle} needs one of ${IS_VALUES.join(', ')}, got "${v}"`);
    }
    return;
  }
  if ((op === 'btw' || op === 'nbtw') && args.length !== 2) {
    throw fail(`${op} on ${fieldTitle} needs two values, like (${fieldTitle},${op},1,10)`);
  }
  if (
    NUMERIC_KINDS.includes(kind) &&
    ['eq', 'neq', 'not', 'gt', 'ge', 'lt', 'le', 'in', 'btw', 'nbtw'].includes(op)
  ) {
    const values = op === 'in' || op === 'btw' || op === 'nbtw' ? args : [cond.value ?? ''];
    for (const v of values) {
      if (!isNumericText(v)) throw fail(`${fieldTitle} is a number field; "${v}" is not a number`);
    }
    return;
  }
  if (kind === 'date' || kind === 'datetime') {
    if (op === 'isWithin') resolveWithin(args, now);
    else if (op === 'btw' || op === 'nbtw') {
      for (const a of args) resolveDateComparison([a], now);
    } else if (['eq', 'neq', 'not', 'gt', 'ge', 'lt', 'le'].includes(op)) resolveDateComparison(args, now);
  }
}
