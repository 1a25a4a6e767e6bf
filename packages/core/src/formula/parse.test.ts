import { describe, expect, it } from 'vitest';
import { FormulaSyntaxError } from './errors.js';
import { parseFormula } from './parse.js';
import { formulaToShown, formulaToStored } from './references.js';

describe('parseFormula', () => {
  it('reads braced references with spaces and bare identifiers as field references', () => {
    expect(parseFormula('{Unit Price} * qty')).toEqual({
      type: 'binary',
      operator: '*',
      left: { type: 'ref', name: 'Unit Price' },
      right: { type: 'ref', name: 'qty' },
    });
  });
  it('upper-cases function names and keeps string literals untouched', () => {
    expect(parseFormula('concat({A}, "}{")')).toEqual({
      type: 'call',
      name: 'CONCAT',
      args: [
        { type: 'ref', name: 'A' },
        { type: 'literal', value: '}{' },
      ],
    });
  });
  it('folds minus on a numeric literal and keeps other unary expressions for the checker', () => {
    expect(parseFormula('-2.5')).toEqual({ type: 'literal', value: -2.5 });
    expect(parseFormula('-{A}')).toMatchObject({ type: 'unary', operator: '-' });
    expect(parseFormula('!TRUE()')).toMatchObject({ type: 'unary', operator: '!' });
  });
  it('parses = as comparison and & between comparison and +', () => {
    expect(parseFormula('{a} & "x" = "bx"')).toMatchObject({
      operator: '=',
      left: { operator: '&' },
      right: { type: 'literal', value: 'bx' },
    });
    expect(parseFormula('1 + 2 & 3')).toMatchObject({ operator: '&', left: { operator: '+' } });
  });
  it('turns syntax formulas do not have into unsupported nodes', () => {
    expect(parseFormula('a.b')).toEqual({ type: 'unsupported', what: 'Member access' });
    expect(parseFormula('[1]')).toEqual({ type: 'unsupported', what: 'Array literal' });
    expect(parseFormula('a ? b : c')).toMatchObject({ type: 'unsupported' });
    expect(parseFormula('a ^ b')).toEqual({ type: 'unsupported', what: 'Operator ^' });
    expect(parseFormula('1e400')).toEqual({ type: 'unsupported', what: 'A number this large' });
  });
  it('throws FormulaSyntaxError on text that is not an expression', () => {
    expect(() => parseFormula('1 +')).toThrow(FormulaSyntaxError);
    expect(() => parseFormula('{open')).toThrow(/Unclosed/);
    expect(() => parseFormula('  ')).toThrow(FormulaSyntaxError);
  });
});

describe('stored and shown forms', () => {
  const columns = [
    { id: 'c1', title: 'Unit Price' },
    { id: 'c2', title: 'Qty' },
  ];
  it('stores references by id, keeping spacing, strings and function names', () => {
    expect(formulaToStored('{Unit Price} *  Qty & "{Qty}" & CONCAT(Qty)', columns)).toBe(
      '{c1} *  {c2} & "{Qty}" & CONCAT({c2})',
    );
  });
  it('shows references by title and keeps unknown ones as written', () => {
    expect(formulaToShown('{c1} * {c2} + {c9}', columns)).toBe('{Unit Price} * {Qty} + {c9}');
  });
  it('round-trips', () => {
    const shown = 'IF({Qty} > 10, {Unit Price} * 0.9, {Unit Price})';
    expect(formulaToShown(formulaToStored(shown, columns), columns)).toBe(shown);
  });
  it('leaves literals true/false/null and numbers with exponents alone', () => {
    expect(formulaToStored('IF(true, 1e5, null)', columns)).toBe('IF(true, 1e5, null)');
  });
});

describe('syntax error positions', () => {
  it('point into the text as typed', () => {
    let caught: unknown;
    try {
      parseFormula('{Budget} * ');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(FormulaSyntaxError);
    expect((caught as FormulaSyntaxError).issue.position).toBe(11);
    expect((caught as FormulaSyntaxError).message).toContain('character 11');
  });
});
