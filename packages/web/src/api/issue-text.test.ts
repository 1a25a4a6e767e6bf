import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import { issueLabel, issuesText } from './issue-text';

/** English lookup without i18next: `issue.label.option` with `{{n}}` filled in. */
const t = (key: string, params: Record<string, string | number> = {}) => {
  const text = key.split('.').reduce<any>((node, k) => node?.[k], en) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
};

describe('validation problems in the person’s words', () => {
  it('names a select option by its place, not its request path', () => {
    expect(
      issuesText([{ instancePath: '/colOptions/options/0/title', message: 'title cannot be empty' }], t),
    ).toBe('Option 1: title cannot be empty');
  });
  it('names rows of a bulk write from 1 and keeps field titles as they are', () => {
    expect(issueLabel('/2/Budget', t)).toBe('Row 3, Budget');
    expect(issueLabel('/1', t)).toBe('Row 2');
    expect(issueLabel('/Budget', t)).toBe('Budget');
  });
  it('uses the form’s own labels for request keys', () => {
    expect(issueLabel('/title', t)).toBe('Name');
    expect(issueLabel('/colOptions/formula_raw', t)).toBe('Formula');
    expect(issueLabel('', t)).toBeUndefined();
  });
  it('joins several problems and keeps a pathless one as it is', () => {
    expect(
      issuesText([{ instancePath: '/email', message: 'Invalid email' }, { message: 'Something else' }], t),
    ).toBe('E-mail: Invalid email; Something else');
  });
});
