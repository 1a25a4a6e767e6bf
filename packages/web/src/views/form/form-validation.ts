/**
 * Client-side checks of a shared form with the docs/behaviour/validation.md form messages: 'Please enter {label}',
 * '{label} must be at least {min} characters', '{label} must be up to {max} characters', and likewise for
 * number ranges, e-mail and URL checks and blank (spaces only) values. The rules live in core and the server
 * runs them again on the submit (docs/views.md); these only spare the visitor a round trip.
 */
import {
  checkAnswer,
  isEmptyAnswer,
  type FormCheckKind,
  type FormIssue,
} from '@rowbase/core/forms/form-rules';
import type { FormField } from './form-fields';

export type { FormIssue } from '@rowbase/core/forms/form-rules';

/** A value the form holds: text, a number, a boolean, chosen options, or picked files. */
export type FormValue = string | number | boolean | string[] | File[] | null | undefined;

/** Numbers and ratings are checked and submitted as numbers. */
export const isNumericInput = (field: Pick<FormField, 'input'>) =>
  field.input === 'number' || field.input === 'rating';

export const isEmptyValue = (v: FormValue): boolean => isEmptyAnswer(v);

const kindOf = (field: FormField): FormCheckKind =>
  isNumericInput(field)
    ? 'number'
    : field.input === 'email'
      ? 'email'
      : field.input === 'url'
        ? 'url'
        : 'text';

/**
 * The first problem with a field's value, or undefined when it may be submitted.
 * @example checkField({ label: 'Name', required: true, ... }, '') // { key: 'form.required', params: { label: 'Name' } }
 */
export function checkField(field: FormField, value: FormValue): FormIssue | undefined {
  const limits = { ...field.limits, max: field.limits.max ?? field.max };
  return checkAnswer({ label: field.label, required: field.required, kind: kindOf(field), limits }, value);
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

/** Only http and https addresses are followed after a submit (docs/views.md, the form's redirect_url). */
export function safeRedirect(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}
