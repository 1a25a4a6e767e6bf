/**
 * The formula type checker: resolves field references, checks function availability per dialect, argument
 * counts and types, literal vocabularies and cycles, and infers the type of every node. It returns every
 * problem (docs/behaviour/formulas.md messages), never stops at the first. It does not evaluate anything.
 */
import type { ColumnMeta } from '../api/meta.js';
import { computedBy, formulaOptions } from '../fields/col-options.js';
import {
  ARITHMETIC_OPERATORS,
  COMPARISON_OPERATORS,
  type FormulaNode,
  LOGICAL_OPERATORS,
  assertNever,
} from './ast.js';
import {
  type ExpectedArgType,
  FormulaErrorType,
  type FormulaIssue,
  FormulaMessages,
  FormulaSyntaxError,
} from './errors.js';
import { FORMULA_FUNCTIONS, UNSUPPORTED_FUNCTIONS } from './functions/catalogue.js';
import type { ArgCount, ArgType } from './functions/function-def.js';
import { isAcceptedDateText } from './functions/literal-rules.js';
import { parseFormula } from './parse.js';
import { type FormulaDialect, type FormulaType, staticFormulaTypeOf } from './types.js';

export interface FormulaCheckOptions {
  /** The fields the formula may reference (its table's columns), including other formula fields. */
  columns: readonly ColumnMeta[];
  dialect: FormulaDialect;
  /** The id of the formula field being checked, when it already exists: referencing it back is a cycle. */
  selfId?: string;
  /**
   * The result type of a computed field (Lookup, Rollup, Links, LinkToAnotherRecord...), so formulas over
   * them type-check; return undefined to fall back to the UI type's default. Formula fields need no
   * resolver: their own formula is checked (cycles included) unless the resolver answers first.
   */
  resolveType?: (column: ColumnMeta) => FormulaType | undefined;
}

/** A checked formula: its tree, the type of every node and the field every reference resolved to. */
export interface CheckedFormula {
  ast: FormulaNode | null;
  /** The result type of the whole formula (`unknown` when it could not be parsed). */
  type: FormulaType;
  errors: FormulaIssue[];
  typeOf(node: FormulaNode): FormulaType;
  /** The field a `ref` node names (by id, else by title). */
  columnOf(node: FormulaNode): ColumnMeta | undefined;
}

/**
 * Checks formula text (stored or shown form) or an already parsed tree.
 * @example checkFormula('ROUND({Price}, "x")', { columns, dialect: 'pg' }).errors
 *   // [{ type: 'INVALID_ARG_TYPE', message: 'Numeric type is expected' }]
 */
export function checkFormula(formula: string | FormulaNode, options: FormulaCheckOptions): CheckedFormula {
  const checker = new Checker(options, options.selfId ? [options.selfId] : [], new Map());
  let ast: FormulaNode | null;
  try {
    ast = typeof formula === 'string' ? parseFormula(formula) : formula;
  } catch (err) {
    if (!(err instanceof FormulaSyntaxError)) throw err;
    return {
      ast: null,
      type: 'unknown',
      errors: [err.issue],
      typeOf: () => 'unknown',
      columnOf: () => undefined,
    };
  }
  const type = checker.typeOf(ast);
  return {
    ast,
    type,
    errors: dedupe(checker.errors),
    typeOf: (n) => checker.types.get(n) ?? 'unknown',
    columnOf: (n) => checker.refs.get(n),
  };
}

function dedupe(issues: FormulaIssue[]): FormulaIssue[] {
  const circular = issues.filter((i) => i.type === FormulaErrorType.CIRCULAR_REFERENCE).slice(0, 1);
  return [...issues.filter((i) => i.type !== FormulaErrorType.CIRCULAR_REFERENCE), ...circular];
}

class Checker {
  readonly errors: FormulaIssue[] = [];
  readonly types = new Map<FormulaNode, FormulaType>();
  readonly refs = new Map<FormulaNode, ColumnMeta>();
  private readonly byId: Map<string, ColumnMeta>;
  private readonly byTitle: Map<string, ColumnMeta>;

  constructor(
    private readonly options: FormulaCheckOptions,
    /** Ids of the formula fields being checked, outermost first: meeting one again is a cycle. */
    private readonly path: readonly string[],
    /** Types of formula fields already worked out in this check. */
    private readonly formulaTypes: Map<string, FormulaType>,
  ) {
    this.byId = new Map(options.columns.map((c) => [c.id, c]));
    this.byTitle = new Map(options.columns.map((c) => [c.title, c]));
  }

  private report(type: FormulaErrorType, message: string): void {
    this.errors.push({ type, message });
  }

  typeOf(node: FormulaNode): FormulaType {
    const type = this.infer(node);
    this.types.set(node, type);
    return type;
  }

  private infer(node: FormulaNode): FormulaType {
    switch (node.type) {
      case 'literal':
        if (node.value === null) return 'null';
        if (typeof node.value === 'number') return 'numeric';
        return typeof node.value === 'boolean' ? 'boolean' : 'string';
      case 'ref': {
        const column = this.byId.get(node.name) ?? this.byTitle.get(node.name);
        if (!column) {
          this.report(FormulaErrorType.INVALID_COLUMN, FormulaMessages.invalidColumn(node.name));
          return 'unknown';
        }
        this.refs.set(node, column);
        return this.columnType(column);
      }
      case 'unary':
        this.typeOf(node.argument);
        this.report(FormulaErrorType.NOT_SUPPORTED, FormulaMessages.unaryNotSupported);
        return 'unknown';
      case 'unsupported':
        this.report(FormulaErrorType.NOT_SUPPORTED, FormulaMessages.notSupported(node.what));
        return 'unknown';
      case 'binary':
        return this.binaryType(node);
      case 'call':
        return this.callType(node);
      default:
        return assertNever(node);
    }
  }

  private binaryType(node: Extract<FormulaNode, { type: 'binary' }>): FormulaType {
    const left = this.typeOf(node.left);
    const right = this.typeOf(node.right);
    if (COMPARISON_OPERATORS.includes(node.operator) || LOGICAL_OPERATORS.includes(node.operator))
      return 'boolean';
    if (node.operator === '&') return 'string';
    if (ARITHMETIC_OPERATORS.includes(node.operator)) {
      this.expect(node.left, left, 'numeric');
      this.expect(node.right, right, 'numeric');
      return 'numeric';
    }
    // '+': numbers add; anything else joins as text.
    const numericLike = (t: FormulaType) =>
      t === 'numeric' || t === 'boolean' || t === 'null' || t === 'unknown';
    return numericLike(left) && numericLike(right) ? 'numeric' : 'string';
  }

  private callType(node: Extract<FormulaNode, { type: 'call' }>): FormulaType {
    const argTypes = node.args.map((a) => this.typeOf(a));
    const def = FORMULA_FUNCTIONS.get(node.name);
    if (!def) {
      this.report(FormulaErrorType.INVALID_FUNCTION_NAME, FormulaMessages.notAvailable(node.name));
      return 'unknown';
    }
    if (UNSUPPORTED_FUNCTIONS[this.options.dialect].includes(def.name)) {
      this.report(FormulaErrorType.NOT_AVAILABLE, FormulaMessages.notAvailable(def.name));
      return 'unknown';
    }
    this.checkCount(def.count, node.args.length);
    node.args.forEach((arg, i) => this.expect(arg, argTypes[i]!, argTypeAt(def.args, i)));
    for (const issue of def.validate?.(node.args) ?? []) this.errors.push(issue);
    return typeof def.returns === 'function' ? def.returns(argTypes) : def.returns;
  }

  private checkCount(count: ArgCount, given: number): void {
    if ('exact' in count) {
      if (given !== count.exact)
        this.report(FormulaErrorType.INVALID_ARG_COUNT, FormulaMessages.requiredArgumentsMissing);
      return;
    }
    if (given < count.min) this.report(FormulaErrorType.MIN_ARG, FormulaMessages.minimumArgumentsRequired);
    if (count.max !== undefined && given > count.max)
      this.report(FormulaErrorType.MAX_ARG, FormulaMessages.maximumArgumentsMissing);
  }

  /** Reports an argument whose type cannot serve as `expected`. Unknown and blank are always accepted. */
  private expect(arg: FormulaNode, actual: FormulaType, expected: ArgType): void {
    if (expected === 'any' || actual === 'unknown' || actual === 'null') return;
    if (accepts(expected, actual, arg)) return;
    const column = arg.type === 'ref' ? this.refs.get(arg) : undefined;
    if (column)
      this.report(
        FormulaErrorType.TYPE_MISMATCH,
        FormulaMessages.fieldTypeMismatch(column.title, column.uidt, expected),
      );
    else this.report(FormulaErrorType.INVALID_ARG_TYPE, FormulaMessages.literalTypeExpected(expected));
  }

  /** The formula type of a field; a formula field's own formula is checked for its type and for cycles. */
  private columnType(column: ColumnMeta): FormulaType {
    const resolved = this.options.resolveType?.(column);
    if (resolved) return resolved;
    if (computedBy(column) !== 'formula') return staticFormulaTypeOf(column);
    if (this.path.includes(column.id)) {
      this.report(FormulaErrorType.CIRCULAR_REFERENCE, FormulaMessages.circularReference);
      return 'unknown';
    }
    const known = this.formulaTypes.get(column.id);
    if (known) return known;
    const text = formulaOptions(column)?.formula;
    if (!text) return 'unknown';
    let ast: FormulaNode;
    try {
      ast = parseFormula(text);
    } catch {
      return 'unknown';
    }
    const inner = new Checker(this.options, [...this.path, column.id], this.formulaTypes);
    const type = inner.typeOf(ast);
    // The other field's own mistakes are its own; only a cycle through it concerns this formula.
    if (inner.errors.some((e) => e.type === FormulaErrorType.CIRCULAR_REFERENCE))
      this.report(FormulaErrorType.CIRCULAR_REFERENCE, FormulaMessages.circularReference);
    this.formulaTypes.set(column.id, type);
    return type;
  }
}

function argTypeAt(args: readonly ArgType[], index: number): ArgType {
  if (args.length === 0) return 'any';
  return args[Math.min(index, args.length - 1)]!;
}

/** Which actual types an expected argument type takes. Numbers serve as text and as conditions. */
function accepts(expected: ExpectedArgType, actual: FormulaType, arg: FormulaNode): boolean {
  switch (expected) {
    case 'numeric':
      return actual === 'numeric' || actual === 'boolean';
    case 'string':
      return actual === 'string' || actual === 'numeric';
    case 'boolean':
      return actual === 'boolean' || actual === 'numeric';
    case 'date':
      if (actual === 'date') return true;
      return arg.type === 'literal' && typeof arg.value === 'string' && isAcceptedDateText(arg.value);
    default:
      return assertNever(expected);
  }
}
