import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { conditionsOf, parseWhere, printWhere, type FilterNode } from './where.js';

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    return (err as AppError).message;
  }
  throw new Error('expected a throw');
}

describe('parseWhere', () => {
  it('reads a single condition', () => {
    expect(parseWhere('(Title,eq,Apple)')).toEqual([
      { type: 'condition', logical: 'and', field: 'Title', op: 'eq', value: 'Apple', args: ['Apple'] },
    ]);
  });

  it('treats an empty or absent where as no filter', () => {
    expect(parseWhere('')).toEqual([]);
    expect(parseWhere('   ')).toEqual([]);
    expect(parseWhere(undefined)).toEqual([]);
  });

  it('joins terms with ~and, ~or and ~not, left to right', () => {
    const nodes = parseWhere('(A,eq,1)~and(B,gt,2)~or(C,lt,3)~not(D,like,%x%)');
    expect(nodes.map((n) => n.logical)).toEqual(['and', 'and', 'or', 'not']);
    expect(conditionsOf(nodes).map((c) => [c.field, c.op, c.value])).toEqual([
      ['A', 'eq', '1'],
      ['B', 'gt', '2'],
      ['C', 'lt', '3'],
      ['D', 'like', '%x%'],
    ]);
  });

  it('reads a leading ~not as a negated first term', () => {
    const [first] = parseWhere('~not(A,eq,1)');
    expect(first).toMatchObject({ logical: 'not', field: 'A' });
  });

  it('reads nested groups', () => {
    const nodes = parseWhere('((A,eq,1)~or(B,eq,2))~and((C,eq,3)~or(~not(D,eq,4)))');
    expect(nodes).toHaveLength(2);
    const [g1, g2] = nodes as [FilterNode, FilterNode];
    expect(g1.type).toBe('group');
    expect(g2).toMatchObject({ type: 'group', logical: 'and' });
    if (g2.type !== 'group') throw new Error('group expected');
    expect(g2.children[1]).toMatchObject({ type: 'group', logical: 'or' });
    const inner = g2.children[1];
    if (inner?.type !== 'group') throw new Error('group expected');
    expect(inner.children[0]).toMatchObject({ logical: 'not', field: 'D' });
  });

  it('keeps commas and balanced parentheses in values', () => {
    const [c] = conditionsOf(parseWhere('(Notes,eq,a, b (c))~and(X,eq,1)'));
    expect(c).toMatchObject({ value: 'a, b (c)', args: ['a', ' b (c)'] });
    const [f] = conditionsOf(parseWhere('(Formula,eq,f(a,b))'));
    expect(f!.value).toBe('f(a,b)');
  });

  it('reads double-quoted values and fields, with escapes', () => {
    const [c] = conditionsOf(parseWhere('("My, field",eq,"a)b \\"q\\"")'));
    expect(c).toMatchObject({ field: 'My, field', value: 'a)b "q"' });
    const [l] = conditionsOf(parseWhere('(Tags,anyof,"x,y",z)'));
    expect(l!.args).toEqual(['x,y', 'z']);
  });

  it('splits list values and keeps date sub-operator arguments', () => {
    expect(conditionsOf(parseWhere('(Price,btw,10,100)'))[0]!.args).toEqual(['10', '100']);
    expect(conditionsOf(parseWhere('(Id,in,1,2,3)'))[0]!.args).toEqual(['1', '2', '3']);
    expect(conditionsOf(parseWhere('(Date,eq,daysAgo,3)'))[0]).toMatchObject({
      value: 'daysAgo,3',
      args: ['daysAgo', '3'],
    });
    expect(conditionsOf(parseWhere('(Date,isWithin,pastWeek)'))[0]!.args).toEqual(['pastWeek']);
  });

  it('reads valueless operators and an empty value', () => {
    const blank = conditionsOf(parseWhere('(Title,blank)'))[0]!;
    expect(blank.op).toBe('blank');
    expect(blank.value).toBeUndefined();
    expect(conditionsOf(parseWhere('(Title,eq,)'))[0]).toMatchObject({ op: 'eq', value: '' });
  });

  it('tolerates spaces around terms, fields and operators', () => {
    const nodes = parseWhere(' ( Title , eq ,x) ~or (B,blank) ');
    expect(conditionsOf(nodes).map((c) => [c.field, c.op, c.value])).toEqual([
      ['Title', 'eq', 'x'],
      ['B', 'blank', undefined],
    ]);
  });

  it('names the problem in a 400', () => {
    expect(messageOf(() => parseWhere('(Title,eq,x'))).toMatch(/missing "\)" .* position 1/);
    expect(messageOf(() => parseWhere('Title,eq,x'))).toMatch(/expected "\("/);
    expect(messageOf(() => parseWhere('(Title,equals,x)'))).toContain('unknown operator "equals"');
    expect(messageOf(() => parseWhere('(Title)'))).toContain('missing operator');
    expect(messageOf(() => parseWhere('(,eq,x)'))).toContain('missing field name');
    expect(messageOf(() => parseWhere('(Title,eq)'))).toContain('"eq" needs a value');
    expect(messageOf(() => parseWhere('(A,eq,1)(B,eq,2)'))).toContain('join conditions with ~and');
    expect(messageOf(() => parseWhere('(A,eq,1)~and'))).toContain('missing at the end');
    expect(messageOf(() => parseWhere('(A,eq,"x)'))).toContain('unterminated quoted text');
    expect(messageOf(() => parseWhere('((A,eq,1)'))).toContain('missing ")" for the group');
  });
});

describe('printWhere', () => {
  const cases = [
    '(Title,eq,Apple)',
    '(A,eq,1)~and(B,gt,2)~or(C,lt,3)~not(D,like,%x%)',
    '~not(A,eq,1)',
    '((A,eq,1)~or(B,eq,2))~and((C,eq,3)~or(~not(D,eq,4)))',
    '(Notes,eq,a, b (c))',
    '(Title,blank)',
    '(Date,eq,daysAgo,3)',
    '(Date,isWithin,nextNumberOfDays,10)',
    '(Tags,anyof,x,y)',
  ];
  it.each(cases)('prints %s back as written', (w) => {
    expect(printWhere(parseWhere(w))).toBe(w);
  });

  it('quotes what would not read back', () => {
    const nodes = parseWhere('("a,b",eq,"x)y")~and(Tags,allof,"p,q",r)');
    const printed = printWhere(nodes);
    expect(printed).toBe('("a,b",eq,"x)y")~and(Tags,allof,"p,q",r)');
    expect(parseWhere(printed)).toEqual(nodes);
  });

  it('round-trips quotes inside values', () => {
    const nodes = parseWhere('(T,eq,"say \\"hi\\"")');
    expect(parseWhere(printWhere(nodes))).toEqual(nodes);
  });
});
