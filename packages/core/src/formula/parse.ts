/**
 * Formula text -> syntax tree, with jsep. Field references are written `{Field Title}` (or `{cXXXX}` in the
 * stored form); jsep has no braces, so a `gobble-token` hook of ours reads them as identifiers.
 */
import jsep from 'jsep';
import { type FormulaNode, isBinaryOperator } from './ast.js';
import { FormulaSyntaxError } from './errors.js';

const OPEN_BRACE = 123; // {

/** Marks identifiers that came from braces, so `{true}` is a field and `true` a literal. */
const BRACED = Symbol('braced');

let configured = false;
function configureJsep(): void {
  if (configured) return;
  configured = true;
  // `=` compares, like `==`. `&` concatenates text: placed between comparison (7) and `+` (9), as in
  // spreadsheets, so `{a} & "x" = "bx"` compares the joined text.
  jsep.addBinaryOp('=', 6);
  jsep.removeBinaryOp('&');
  jsep.addBinaryOp('&', 8);
  jsep.hooks.add('gobble-token', function (env) {
    if (this.code !== OPEN_BRACE) return;
    const start = this.index + 1;
    const end = this.expr.indexOf('}', start);
    if (end < 0) this.throwError('Unclosed { in field reference');
    const name = this.expr.slice(start, end).trim();
    if (!name) this.throwError('Empty field reference {}');
    this.index = end + 1;
    env.node = Object.assign({ type: 'Identifier', name }, { [BRACED]: true }) as jsep.Identifier;
  });
}

/**
 * Parses formula text into a `FormulaNode`. Throws `FormulaSyntaxError` on text that is not an expression.
 * @example parseFormula('ROUND({Price} * 1.2, 2)')
 *   // { type: 'call', name: 'ROUND', args: [{ type: 'binary', operator: '*', ... }, { type: 'literal', value: 2 }] }
 */
export function parseFormula(text: string): FormulaNode {
  configureJsep();
  if (!text.trim()) throw new FormulaSyntaxError('empty formula');
  let tree: jsep.Expression;
  try {
    tree = jsep(text);
  } catch (err) {
    const index = (err as { index?: unknown }).index;
    throw new FormulaSyntaxError((err as Error).message, typeof index === 'number' ? index : undefined);
  }
  return convert(tree);
}

function convert(node: jsep.Expression): FormulaNode {
  switch (node.type) {
    case 'Literal': {
      const value = (node as jsep.Literal).value;
      if (typeof value === 'number' && !Number.isFinite(value))
        return { type: 'unsupported', what: 'A number this large' };
      if (
        typeof value === 'string' ||
        typeof value === 'number' ||
        typeof value === 'boolean' ||
        value === null
      )
        return { type: 'literal', value };
      return { type: 'unsupported', what: 'Regular expression literal' };
    }
    case 'Identifier':
      return { type: 'ref', name: (node as jsep.Identifier).name };
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      if (call.callee.type !== 'Identifier' || (call.callee as unknown as Record<symbol, unknown>)[BRACED])
        return { type: 'unsupported', what: 'Calling an expression' };
      return {
        type: 'call',
        name: (call.callee as jsep.Identifier).name.toUpperCase(),
        args: call.arguments.map(convert),
      };
    }
    case 'BinaryExpression': {
      const bin = node as jsep.BinaryExpression;
      if (!isBinaryOperator(bin.operator)) return { type: 'unsupported', what: `Operator ${bin.operator}` };
      return { type: 'binary', operator: bin.operator, left: convert(bin.left), right: convert(bin.right) };
    }
    case 'UnaryExpression': {
      const un = node as jsep.UnaryExpression;
      const arg = convert(un.argument);
      if (un.operator === '-' && arg.type === 'literal' && typeof arg.value === 'number')
        return { type: 'literal', value: -arg.value };
      return { type: 'unary', operator: un.operator, argument: arg };
    }
    case 'Compound':
      return { type: 'unsupported', what: 'More than one expression' };
    case 'MemberExpression':
      return { type: 'unsupported', what: 'Member access' };
    case 'ArrayExpression':
      return { type: 'unsupported', what: 'Array literal' };
    case 'ConditionalExpression':
      return { type: 'unsupported', what: 'Conditional (?:) expression' };
    default:
      return { type: 'unsupported', what: `Expression ${node.type}` };
  }
}
