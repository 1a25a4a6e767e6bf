/**
 * The checks of a form's answers with the form messages of docs/behaviour/validation.md ('Please enter {label}',
 * '{label} must be at least {min} characters', ...). The shared form page runs them before sending and the
 * server runs them again on the submit, so both name the same problem on the same field (docs/views.md).
 */
import { isEmail, isURL } from '../fields/checkers.js';
import { jsonFormatOf, kindOf } from '../fields/traits.js';

/** How a field's answer is checked: as text (lengths), as a number (range), as an e-mail or a URL. */
export type FormCheckKind = 'text' | 'number' | 'email' | 'url';

/** The check a field type's answers get, from its registry entry. */
export function formCheckKindOf(uidt: string): FormCheckKind {
  const format = jsonFormatOf(uidt);
  if (format === 'email') return 'email';
  if (format === 'uri') return 'url';
  const kind = kindOf(uidt);
  return kind === 'integer' || kind === 'decimal' || kind === 'year' ? 'number' : 'text';
}

export interface FormRule {
  /** What the form calls the field: its form label, else its title. */
  label: string;
  required: boolean;
  kind: FormCheckKind;
  /** From the form column's meta: minLength, maxLength, min, max. */
  limits: { minLength?: number; maxLength?: number; min?: number; max?: number };
}

export type FormIssueKey =
  | 'form.required'
  | 'form.blank'
  | 'form.minLength'
  | 'form.maxLength'
  | 'form.minValue'
  | 'form.maxValue'
  | 'form.number'
  | 'form.email'
  | 'form.url';

/** A problem with one answer: a message key (the web app's i18n key) and its parameters. */
export interface FormIssue {
  key: FormIssueKey;
  params: Record<string, string | number>;
}

/** The English messages, as the server answers them. */
export const FORM_MESSAGES: Record<FormIssueKey, string> = {
  'form.required': 'Please enter {label}',
  'form.blank': '{label} cannot be blank',
  'form.minLength': '{label} must be at least {min} characters',
  'form.maxLength': '{label} must be up to {max} characters',
  'form.minValue': '{label} must be at least {min}',
  'form.maxValue': '{label} must be at most {max}',
  'form.number': '{label} must be a number',
  'form.email': '{label} must be a valid e-mail address',
  'form.url': '{label} must be a valid URL',
};

/** @example formMessage({ key: 'form.required', params: { label: 'Name' } }) // 'Please enter Name' */
export function formMessage(issue: FormIssue): string {
  return FORM_MESSAGES[issue.key].replace(/\{(\w+)\}/g, (_, k: string) => String(issue.params[k] ?? ''));
}

/** No answer: nothing, an empty string, an unticked box or an empty list. */
export function isEmptyAnswer(v: unknown): boolean {
  return v === undefined || v === null || v === '' || v === false || (Array.isArray(v) && v.length === 0);
}

/**
 * The first problem with an answer, or undefined when it may be submitted.
 * @example checkAnswer({ label: 'Name', required: true, kind: 'text', limits: {} }, '') // form.required
 */
export function checkAnswer(rule: FormRule, value: unknown): FormIssue | undefined {
  const label = rule.label;
  if (isEmptyAnswer(value)) return rule.required ? { key: 'form.required', params: { label } } : undefined;
  if (typeof value === 'string') {
    if (value.trim() === '') return rule.required ? { key: 'form.blank', params: { label } } : undefined;
    if (rule.kind === 'number') return checkNumber(rule, Number(value));
    const { minLength, maxLength } = rule.limits;
    if (minLength !== undefined && value.length < minLength)
      return { key: 'form.minLength', params: { label, min: minLength } };
    if (maxLength !== undefined && value.length > maxLength)
      return { key: 'form.maxLength', params: { label, max: maxLength } };
    if (rule.kind === 'email' && !isEmail(value.trim())) return { key: 'form.email', params: { label } };
    if (rule.kind === 'url' && !isURL(value.trim())) return { key: 'form.url', params: { label } };
  }
  if (typeof value === 'number') return checkNumber(rule, value);
  return undefined;
}

function checkNumber(rule: FormRule, n: number): FormIssue | undefined {
  const label = rule.label;
  if (!Number.isFinite(n)) return { key: 'form.number', params: { label } };
  const { min, max } = rule.limits;
  if (min !== undefined && n < min) return { key: 'form.minValue', params: { label, min } };
  if (max !== undefined && n > max) return { key: 'form.maxValue', params: { label, max } };
  return undefined;
}

const finite = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** The limits a form column's meta sets (minLength, maxLength, min, max), numbers only. */
export function limitsOf(meta: Record<string, unknown> | null | undefined): FormRule['limits'] {
  const m = meta ?? {};
  return {
    minLength: finite(m.minLength),
    maxLength: finite(m.maxLength),
    min: finite(m.min),
    max: finite(m.max),
  };
}
