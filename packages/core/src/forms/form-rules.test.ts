import { describe, expect, it } from 'vitest';
import { checkAnswer, formCheckKindOf, formMessage, limitsOf, type FormRule } from './form-rules.js';

const rule = (over: Partial<FormRule>): FormRule => ({
  label: 'Name',
  required: false,
  kind: 'text',
  limits: {},
  ...over,
});
const said = (r: FormRule, v: unknown) => {
  const issue = checkAnswer(r, v);
  return issue && formMessage(issue);
};

describe('form rules (the form messages, server and web alike)', () => {
  it('words each problem as the form messages say', () => {
    expect(said(rule({ required: true }), '')).toBe('Please enter Name');
    expect(said(rule({ required: true }), false)).toBe('Please enter Name');
    expect(said(rule({ required: true }), '  ')).toBe('Name cannot be blank');
    expect(said(rule({ limits: { minLength: 2 } }), 'a')).toBe('Name must be at least 2 characters');
    expect(said(rule({ limits: { maxLength: 2 } }), 'abc')).toBe('Name must be up to 2 characters');
    expect(said(rule({ kind: 'number', limits: { min: 2 } }), 1)).toBe('Name must be at least 2');
    expect(said(rule({ kind: 'number', limits: { max: 2 } }), '3')).toBe('Name must be at most 2');
    expect(said(rule({ kind: 'number' }), 'x')).toBe('Name must be a number');
    expect(said(rule({ kind: 'email' }), 'a@b')).toBe('Name must be a valid e-mail address');
    expect(said(rule({ kind: 'url' }), 'not a url')).toBe('Name must be a valid URL');
    expect(said(rule({ required: true, kind: 'email' }), 'ada@example.com')).toBeUndefined();
    expect(said(rule({}), undefined)).toBeUndefined();
  });

  it('knows the check of each field type and reads only numeric limits', () => {
    expect(
      ['Email', 'URL', 'Number', 'Currency', 'Rating', 'Year', 'SingleLineText', 'JSON'].map(formCheckKindOf),
    ).toEqual(['email', 'url', 'number', 'number', 'number', 'number', 'text', 'text']);
    expect(limitsOf({ minLength: '3', max: 9, min: 'x' })).toEqual({
      minLength: 3,
      maxLength: undefined,
      min: undefined,
      max: 9,
    });
  });
});
