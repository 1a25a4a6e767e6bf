import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import { formInputOf } from '../../fields/registry';
import { formFields, prefilledValues, type FormField } from './form-fields';
import { checkField, checkForm, safeRedirect, type FormIssue } from './form-validation';
import { submissionBody } from './form-submit';

/** The English text of an issue, interpolated as i18next does. */
function english(issue: FormIssue | undefined): string | undefined {
  if (!issue) return undefined;
  const template = (en.form as Record<string, string>)[issue.key.slice('form.'.length)]!;
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(issue.params[k]));
}

const field = (over: Partial<FormField>): FormField => ({
  id: 'c1',
  title: 'Name',
  uidt: 'SingleLineText',
  label: 'Name',
  required: false,
  options: [],
  limits: {},
  ...over,
  input: over.input ?? formInputOf(over.uidt ?? 'SingleLineText')!,
});

describe('shared form validation', () => {
  it('asks for required values with the validation message', () => {
    const f = field({ required: true, label: 'Your name' });
    expect(english(checkField(f, ''))).toBe('Please enter Your name');
    expect(english(checkField(f, undefined))).toBe('Please enter Your name');
    expect(english(checkField(field({ uidt: 'Checkbox', required: true, label: 'Agree' }), false))).toBe(
      'Please enter Agree',
    );
    expect(english(checkField(field({ uidt: 'Attachment', required: true, label: 'CV' }), []))).toBe(
      'Please enter CV',
    );
    expect(checkField(f, 'Ada')).toBeUndefined();
    expect(checkField(field({}), '')).toBeUndefined();
  });

  it('refuses a required value of spaces only', () => {
    expect(english(checkField(field({ required: true }), '   '))).toBe('Name cannot be blank');
  });

  it('checks minimum and maximum lengths', () => {
    const f = field({ limits: { minLength: 3, maxLength: 5 } });
    expect(english(checkField(f, 'ab'))).toBe('Name must be at least 3 characters');
    expect(english(checkField(f, 'abcdef'))).toBe('Name must be up to 5 characters');
    expect(checkField(f, 'abcd')).toBeUndefined();
  });

  it('checks number ranges and the rating maximum', () => {
    const f = field({ uidt: 'Number', label: 'Qty', limits: { min: 1, max: 10 } });
    expect(english(checkField(f, 0))).toBe('Qty must be at least 1');
    expect(english(checkField(f, 11))).toBe('Qty must be at most 10');
    expect(english(checkField(f, 'abc'))).toBe('Qty must be a number');
    expect(checkField(f, 5)).toBeUndefined();
    expect(english(checkField(field({ uidt: 'Rating', label: 'Stars', max: 5 }), 6))).toBe(
      'Stars must be at most 5',
    );
  });

  it('checks e-mail and URL fields', () => {
    const email = field({ uidt: 'Email', label: 'E-mail' });
    expect(english(checkField(email, 'not-an-email'))).toBe('E-mail must be a valid e-mail address');
    expect(checkField(email, 'ada@example.com')).toBeUndefined();
    const url = field({ uidt: 'URL', label: 'Site' });
    expect(english(checkField(url, 'not a url'))).toBe('Site must be a valid URL');
    expect(checkField(url, 'https://example.com/x')).toBeUndefined();
  });

  it('reports every field of the form at once', () => {
    const fields = [field({ id: 'a', required: true }), field({ id: 'b', uidt: 'Email', label: 'Mail' })];
    const issues = checkForm(fields, { a: '', b: 'x' });
    expect([...issues.keys()]).toEqual(['a', 'b']);
    expect(checkForm(fields, { a: 'ok', b: '' }).size).toBe(0);
  });

  it('builds fields from the share meta: labels, help, required, order; no system or computed fields', () => {
    const fields = formFields(
      [
        { id: 'id', title: 'Id', uidt: 'ID', pk: true, system: false },
        { id: 't', title: 'Title', uidt: 'SingleLineText' },
        { id: 'p', title: 'Price', uidt: 'Number', rqd: true },
        { id: 'f', title: 'Total', uidt: 'Formula' },
        { id: 's', title: 'Status', uidt: 'SingleSelect', colOptions: { options: [{ title: 'a' }] } },
      ],
      [
        { fk_column_id: 't', order: 2, label: 'Fruit', help: 'Which fruit?', required: true },
        { fk_column_id: 'p', order: 1, meta: { min: 0 } },
        { fk_column_id: 's', order: 3, show: false },
      ],
    );
    expect(fields.map((f) => [f.label, f.required, f.help])).toEqual([
      ['Price', true, undefined],
      ['Fruit', true, 'Which fruit?'],
    ]);
    expect(fields[0]!.limits.min).toBe(0);
  });

  it('submits JSON, or multipart when files are attached', () => {
    const fields = [
      field({ id: 't', title: 'Title' }),
      field({ id: 'n', title: 'Qty', uidt: 'Number' }),
      field({ id: 'm', title: 'Tags', uidt: 'MultiSelect' }),
      field({ id: 'a', title: 'Files', uidt: 'Attachment' }),
    ];
    expect(submissionBody(fields, { t: 'fig', n: '7', m: ['a', 'b'] })).toEqual({
      Title: 'fig',
      Qty: 7,
      Tags: 'a,b',
    });
    const file = new File(['hi'], 'note.txt', { type: 'text/plain' });
    const body = submissionBody(fields, { t: 'fig', a: [file] });
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(JSON.parse(form.get('data') as string)).toEqual({ Title: 'fig' });
    expect((form.get('Files') as File).name).toBe('note.txt');
  });

  it('follows only http and https redirect addresses', () => {
    expect(safeRedirect('https://example.com/thanks')).toBe('https://example.com/thanks');
    expect(safeRedirect('http://example.com')).toBe('http://example.com/');
    expect(safeRedirect('javascript:alert(1)')).toBeUndefined();
    expect(safeRedirect('ftp://example.com')).toBeUndefined();
    expect(safeRedirect('')).toBeUndefined();
  });
  it('pre-fills answers from the link by field title, each as its input takes it', () => {
    const fields = [
      field({ id: 'n', title: 'Name' }),
      field({ id: 'q', title: 'Qty', uidt: 'Number' }),
      field({ id: 'c', title: 'Agree', uidt: 'Checkbox' }),
      field({ id: 's', title: 'Size', uidt: 'SingleSelect', options: ['S', 'M'] }),
      field({ id: 'm', title: 'Tags', uidt: 'MultiSelect', options: ['a', 'b'] }),
      field({ id: 'f', title: 'CV', uidt: 'Attachment' }),
    ];
    const params = new URLSearchParams('Name=Ada+L&Qty=3&Agree=yes&Size=M&Tags=a,zz,b&CV=x&Other=1');
    expect(prefilledValues(fields, params)).toEqual({ n: 'Ada L', q: 3, c: true, s: 'M', m: ['a', 'b'] });
    expect(prefilledValues(fields, new URLSearchParams('Qty=many&Size=XL&Tags=zz'))).toEqual({});
  });
});
