/**
 * Client-side checks of a shared form with the docs/behaviour/validation.md form messages: 'Please enter {label}',
 * '{label} must be at least {min} characters', '{label} must be up to {max} characters', and likewise for
 * number ranges, e-mail and URL checks and blank (spaces only) values. The server checks required fields
 * again; these messages only spare the visitor a round trip.
 */
import { validate as validateCell } from '../../fields/validators';
import type { FormField } from './form-fields';

/** A problem with one value: an i18n key under `form.` and its parameters. */
export interface FormIssue {
  key:
    | 'form.required'
    | 'form.blank'
    | 'form.minLength'
    | 'form.maxLength'
    | 'form.minValue'
    | 'form.maxValue'
    | 'form.number'
    | 'form.email'
    | 'form.url';
  params: Record<string, string | number>;
}

/** A value the form holds: text, a number, a boolean, chosen options, or picked files. */
export type FormValue = string | number | boolean | string[] | File[] | null | undefined;

/** Numbers and ratings are checked and submitted as numbers. */
export const isNumericInput = (field: Pick<FormField, 'input'>) =>
  field.input === 'number' || field.input === 'rating';

export function isEmptyValue(v: FormValue): boolean {
  return v === undefined || v === null || v === '' || v === false || (Array.isArray(v) && v.length === 0);
}

/**
 * The first problem with a field's value, or undefined when it may be submitted.
 * @example checkField({ label: 'Name', required: true, ... }, '') // { key: 'form.required', params: { label: 'Name' } }
 */
export function checkField(field: FormField, value: FormValue): FormIssue | undefined {
  const label = field.label;
  if (isEmptyValue(value)) return field.required ? { key: 'form.required', params: { label } } : undefined;
  if (typeof value === 'string') {
    if (value.trim() === '') return field.required ? { key: 'form.blank', params: { label } } : undefined;
    if (isNumericInput(field)) return checkNumber(field, Number(value));
    const { minLength, maxLength } = field.limits;
    if (minLength !== undefined && value.length < minLength)
      return { key: 'form.minLength', params: { label, min: minLength } };
    if (maxLength !== undefined && value.length > maxLength)
      return { key: 'form.maxLength', params: { label, max: maxLength } };
    if (field.input === 'email' && validateCell('isEmail', value.trim()))
      return { key: 'form.email', params: { label } };
    if (field.input === 'url' && validateCell('isURL', value.trim()))
      return { key: 'form.url', params: { label } };
  }
  if (typeof value === 'number') return checkNumber(field, value);
  return undefined;
}

function checkNumber(field: FormField, n: number): FormIssue | undefined {
  const label = field.label;
  if (!Number.isFinite(n)) return { key: 'form.number', params: { label } };
  const { min, max } = field.limits;
  if (min !== undefined && n < min) return { key: 'form.minValue', params: { label, min } };
  const top = max ?? field.max;
  if (top !== undefined && n > top) return { key: 'form.maxValue', params: { label, max: top } };
  return undefined;
}

/** Every field's problem, by field id (empty when the form may be submitted). */
export function checkForm(fields: FormField[], values: Record<string, FormValue>): Map<string, FormIssue> {
  const issues = new Map<string, FormIssue>();
  for (const f of fields) {
    const issue = checkField(f, values[f.id]);
    if (issue) issues.set(f.id, issue);
  }
  return issues;
}

/** Only http and https addresses are followed after a submit (SPEC: redirect URL). */
export function safeRedirect(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}
