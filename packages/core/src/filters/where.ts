/**
 * The `where` query language of NocoDB's row API, parsed to a tree and printed back.
 *
 *   (Title,eq,Apple)~and((Price,gt,10)~or(Price,lt,2))~not(Tags,anyof,red,blue)
 *
 * A condition is `(field,op[,value])`; the value is everything after the second comma, so values may hold
 * commas (`(Notes,eq,a, b)` compares with "a, b") and balanced parentheses (`(Title,eq,f(x))`). A value or a
 * field name may also be double-quoted (`(Title,eq,"a)b")`, `\"` inside) when it holds what would otherwise
 * end the condition. Terms are joined with `~and`, `~or` or `~not` (which means "and not"); a leading `~not`
 * negates the first term. Mixed `~and`/`~or` at one level follow SQL's precedence, as NocoDB's do:
 * `a ~or b ~and c` is `a or (b and c)`. Use groups to say otherwise: `(a ~or b)~and c`.
 */
import { badRequest } from '../errors.js';
import { LIST_OPS, VALUELESS_OPS, isComparisonOp, type ComparisonOp } from './ops.js';

export type Logical = 'and' | 'or' | 'not';

export interface FilterCondition {
  type: 'condition';
  /** How this term joins the terms before it; on the first term, 'not' negates it and 'and' means nothing. */
  logical: Logical;
  /** Field title (or column name / id); resolved against the table by the caller. */
  field: string;
  op: ComparisonOp;
  /** Everything after the operator, unquoted; undefined when the condition has no value part. */
  value?: string;
  /** The value split on top-level commas, each part unquoted: list operators and date sub-ops read these. */
  args: string[];
}

export interface FilterGroup {
  type: 'group';
  logical: Logical;
  children: FilterNode[];
}

export type FilterNode = FilterCondition | FilterGroup;

/** Raised for any syntax problem; a 400 naming the problem and where it is. */
function syntaxError(problem: string, at?: number) {
  return badRequest(`Invalid where: ${problem}${at === undefined ? '' : ` at position ${at + 1}`}`);
}

/**
 * Parses a `where` string; an empty or absent string is no filter at all.
 * @example parseWhere('(Age,gt,30)~or(Name,like,%bo%)') // two conditions, the second with logical 'or'
 */
export function parseWhere(input: string | undefined | null): FilterNode[] {
  const src = (input ?? '').trim();
  if (!src) return [];
  const parser = new WhereParser(src);
  const nodes = parser.terms();
  parser.expectEnd();
  return nodes;
}

class WhereParser {
  private pos = 0;
  constructor(private readonly src: string) {}

  /** term (~and|~or|~not term)*, with an optional leading ~not. */
  terms(): FilterNode[] {
    const nodes: FilterNode[] = [];
    this.skipSpaces();
    let logical: Logical = this.readLogical() ?? 'and';
    for (;;) {
      nodes.push(this.term(logical));
      this.skipSpaces();
      const next = this.readLogical();
      if (!next) return nodes;
      logical = next;
    }
  }

  expectEnd(): void {
    this.skipSpaces();
    if (this.pos < this.src.length) {
      const rest = this.src.slice(this.pos, this.pos + 20);
      throw syntaxError(`unexpected "${rest}"; join conditions with ~and, ~or or ~not`, this.pos);
    }
  }

  private term(logical: Logical): FilterNode {
    this.skipSpaces();
    if (this.src[this.pos] !== '(') {
      throw this.pos >= this.src.length
        ? syntaxError('a condition "(field,op,value)" is missing at the end')
        : syntaxError(`expected "(" but found "${this.src[this.pos]}"`, this.pos);
    }
    const open = this.pos;
    this.pos++;
    this.skipSpaces();
    if (this.src[this.pos] === '(' || this.src.startsWith('~not', this.pos)) {
      const children = this.terms();
      this.skipSpaces();
      if (this.src[this.pos] !== ')') throw syntaxError('missing ")" for the group opened', open);
      this.pos++;
      return { type: 'group', logical, children };
    }
    const end = this.conditionEnd(open);
    const body = this.src.slice(open + 1, end);
    this.pos = end + 1;
    return parseCondition(body, logical, open);
  }

  /** Index of the ")" closing the condition opened at `open`, skipping quoted text and nested parentheses. */
  private conditionEnd(open: number): number {
    let depth = 0;
    for (let i = open + 1; i < this.src.length; i++) {
      const c = this.src[i];
      if (c === '"') {
        i = quotedEnd(this.src, i);
        if (i < 0) throw syntaxError('unterminated quoted text', open);
      } else if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) return i;
        depth--;
      }
    }
    throw syntaxError('missing ")" for the condition opened', open);
  }

  private readLogical(): Logical | undefined {
    const m = /^~(and|or|not)\b/i.exec(this.src.slice(this.pos));
    if (!m) return undefined;
    this.pos += m[0].length;
    this.skipSpaces();
    return m[1]!.toLowerCase() as Logical;
  }

  private skipSpaces(): void {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos]!)) this.pos++;
  }
}

/** Index of the closing quote of the quoted text starting at `start`, or -1. */
function quotedEnd(src: string, start: number): number {
  for (let i = start + 1; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (src[i] === '"') return i;
  }
  return -1;
}

/** Splits on commas outside double quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') {
      const end = quotedEnd(text, i);
      if (end < 0) break;
      i = end;
    } else if (text[i] === ',') {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** `"a\"b"` -> `a"b`; text that is not wholly one quoted token is returned as it is. */
function unquote(text: string): string {
  const t = text.trim();
  if (t.length >= 2 && t.startsWith('"') && quotedEnd(t, 0) === t.length - 1) {
    return t.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return text;
}

function parseCondition(body: string, logical: Logical, at: number): FilterCondition {
  const parts = splitTopLevel(body);
  const field = unquote(parts[0]!.trim()).trim();
  const shown = `(${body})`;
  if (!field) throw syntaxError(`missing field name in ${shown}`, at);
  if (parts.length < 2 || !parts[1]!.trim()) throw syntaxError(`missing operator in ${shown}`, at);
  const op = parts[1]!.trim();
  if (!isComparisonOp(op)) throw syntaxError(`unknown operator "${op}" in ${shown}`, at);
  if (parts.length < 3) {
    if (!VALUELESS_OPS.includes(op)) throw syntaxError(`operator "${op}" needs a value in ${shown}`, at);
    return { type: 'condition', logical, field, op, args: [] };
  }
  const rawValue = body.slice(parts[0]!.length + parts[1]!.length + 2);
  const args = parts.slice(2).map(unquote);
  return { type: 'condition', logical, field, op, value: unquote(rawValue), args };
}

/** True when the parentheses of `text` do not balance (a ")" before its "(" counts too). */
function unbalanced(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return true;
  }
  return depth !== 0;
}

/** Quotes text that would not read back as itself. */
function quoteIfNeeded(text: string, risky: RegExp): string {
  if (!risky.test(text) && !unbalanced(text)) return text;
  return `"${text.replace(/["\\]/g, '\\$&')}"`;
}
const RISKY_FIELD = /[,"]|^\s|\s$/;
const RISKY_LIST_PART = /[,"]/;
const RISKY_VALUE = /"/;

/**
 * Prints a tree back to a `where` string that parses to the same tree.
 * @example printWhere(parseWhere('(A,eq,1)~or(B,blank)')) // '(A,eq,1)~or(B,blank)'
 */
export function printWhere(nodes: readonly FilterNode[]): string {
  return nodes
    .map((n, i) => {
      const prefix = i === 0 ? (n.logical === 'not' ? '~not' : '') : `~${n.logical}`;
      return prefix + printNode(n);
    })
    .join('');
}

function printNode(node: FilterNode): string {
  if (node.type === 'group') return `(${printWhere(node.children)})`;
  const field = quoteIfNeeded(node.field, RISKY_FIELD);
  if (node.value === undefined) return `(${field},${node.op})`;
  const value = LIST_OPS.includes(node.op)
    ? node.args.map((a) => quoteIfNeeded(a, RISKY_LIST_PART)).join(',')
    : quoteIfNeeded(node.value, RISKY_VALUE);
  return `(${field},${node.op},${value})`;
}

/** Every condition of a tree, depth first: for checking field names before compiling. */
export function conditionsOf(nodes: readonly FilterNode[]): FilterCondition[] {
  const out: FilterCondition[] = [];
  for (const n of nodes) {
    if (n.type === 'condition') out.push(n);
    else out.push(...conditionsOf(n.children));
  }
  return out;
}
