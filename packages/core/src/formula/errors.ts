/**
 * Formula error types (docs/behaviour/formulas.md) and the exact user-facing messages of its checks.
 * The checker collects `FormulaIssue`s; `formulaError` turns them into one AppError (422) for the API.
 */
import { AppError, ErrorCode } from '../errors.js';

export const FormulaErrorType = {
  NOT_AVAILABLE: 'NOT_AVAILABLE',
  NOT_SUPPORTED: 'NOT_SUPPORTED',
  MIN_ARG: 'MIN_ARG',
  MAX_ARG: 'MAX_ARG',
  TYPE_MISMATCH: 'TYPE_MISMATCH',
  INVALID_ARG: 'INVALID_ARG',
  INVALID_ARG_TYPE: 'INVALID_ARG_TYPE',
  INVALID_ARG_VALUE: 'INVALID_ARG_VALUE',
  INVALID_ARG_COUNT: 'INVALID_ARG_COUNT',
  CIRCULAR_REFERENCE: 'CIRCULAR_REFERENCE',
  INVALID_FUNCTION_NAME: 'INVALID_FUNCTION_NAME',
  INVALID_COLUMN: 'INVALID_COLUMN',
} as const;
export type FormulaErrorType = (typeof FormulaErrorType)[keyof typeof FormulaErrorType];

/** One problem found in a formula. */
export interface FormulaIssue {
  type: FormulaErrorType;
  message: string;
  /** Where in the formula text the problem is (a 0-based character offset), when the parser knows. */
  position?: number;
}

/** The expected-type words used in messages, by argument type. */
const LITERAL_EXPECTED = {
  numeric: 'Numeric type is expected',
  string: 'String type is expected',
  boolean: 'Boolean type is expected',
  date: 'Date type is expected',
} as const;
export type ExpectedArgType = keyof typeof LITERAL_EXPECTED;

/** Builders for every message of docs/behaviour/formulas.md, so the wording lives in one place. */
export const FormulaMessages = {
  notAvailable: (fn: string) => `Function ${fn} is not available`,
  requiredArgumentsMissing: 'Required arguments missing',
  minimumArgumentsRequired: 'Minimum arguments required',
  maximumArgumentsMissing: 'Maximum arguments missing',
  fieldTypeMismatch: (field: string, found: string, expected: ExpectedArgType) =>
    `Field ${field} with ${found} type is found but ${expected} type is expected`,
  literalTypeExpected: (expected: ExpectedArgType) => LITERAL_EXPECTED[expected],
  invalidColumn: (nameOrId: string) => `Invalid column name/id "${nameOrId}" in formula`,
  unaryNotSupported: 'Unary expression is not supported',
  circularReference: 'Circular reference detected',
  invalidSyntax: (detail: string) => `Invalid formula: ${detail}`,
  notSupported: (what: string) => `${what} is not supported`,
  invalidUnit: (fn: string, position: string, allowed: readonly string[]) =>
    `${fn} requires the ${position} argument to be one of ${allowed.join(', ')}`,
  invalidJsonPath: 'JSON_EXTRACT requires a JSON path like $.key.list[0]',
  literalRequired: (fn: string, position: string) =>
    `${fn} requires the ${position} argument to be a text literal`,
} as const;

/** Thrown by `parseFormula` on text jsep cannot read. */
export class FormulaSyntaxError extends Error {
  readonly issue: FormulaIssue;
  constructor(detail: string, position?: number) {
    const message = FormulaMessages.invalidSyntax(detail);
    super(message);
    this.name = 'FormulaSyntaxError';
    this.issue = {
      type: FormulaErrorType.INVALID_ARG,
      message,
      ...(position === undefined ? {} : { position }),
    };
  }
}

/**
 * The API error for a refused formula: 422 with the first message as `msg` and every issue in `errors`.
 * @example throw formulaError(checkFormula(text, ctx).errors)
 */
export function formulaError(issues: readonly FormulaIssue[]): AppError {
  const first = issues[0]?.message ?? FormulaMessages.invalidSyntax('empty formula');
  return new AppError(
    ErrorCode.UNPROCESSABLE,
    first,
    issues.map((i) => ({
      message: i.message,
      ...(i.position === undefined ? {} : { position: i.position }),
    })),
  );
}
