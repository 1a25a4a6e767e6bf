/**
 * The formula syntax tree: jsep's output narrowed to what formulas may contain. Anything else jsep can read
 * (members, arrays, ternaries, `!x`, bitwise operators) becomes an `unsupported` node the checker reports.
 */

export const BINARY_OPERATORS = [
  '+',
  '-',
  '*',
  '/',
  '%',
  '=',
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  '&',
  '&&',
  '||',
] as const;
export type BinaryOperator = (typeof BINARY_OPERATORS)[number];

export const COMPARISON_OPERATORS: readonly BinaryOperator[] = ['=', '==', '!=', '<', '<=', '>', '>='];
export const ARITHMETIC_OPERATORS: readonly BinaryOperator[] = ['-', '*', '/', '%'];
export const LOGICAL_OPERATORS: readonly BinaryOperator[] = ['&&', '||'];

export function isBinaryOperator(op: string): op is BinaryOperator {
  return (BINARY_OPERATORS as readonly string[]).includes(op);
}

export type LiteralValue = string | number | boolean | null;

export type FormulaNode =
  | { type: 'literal'; value: LiteralValue }
  /** A field reference: `{Title}` / `{cXXXX}` (braced) or a bare identifier. `name` is the text as written. */
  | { type: 'ref'; name: string }
  /** A function call; `name` is upper-cased (function names are case-insensitive). */
  | { type: 'call'; name: string; args: FormulaNode[] }
  | { type: 'binary'; operator: BinaryOperator; left: FormulaNode; right: FormulaNode }
  /** Any unary operator except minus on a numeric literal (which parses to a negative literal). */
  | { type: 'unary'; operator: string; argument: FormulaNode }
  /** Syntax jsep accepts but formulas do not; `what` names it for the message. */
  | { type: 'unsupported'; what: string };

/** Calls `visit` on the node and every node below it, parents first. */
export function walkFormula(node: FormulaNode, visit: (n: FormulaNode) => void): void {
  visit(node);
  switch (node.type) {
    case 'call':
      node.args.forEach((a) => walkFormula(a, visit));
      return;
    case 'binary':
      walkFormula(node.left, visit);
      walkFormula(node.right, visit);
      return;
    case 'unary':
      walkFormula(node.argument, visit);
      return;
    case 'literal':
    case 'ref':
    case 'unsupported':
      return;
    default:
      assertNever(node);
  }
}

export function assertNever(x: never): never {
  throw new Error(`Unexpected formula node: ${JSON.stringify(x)}`);
}
