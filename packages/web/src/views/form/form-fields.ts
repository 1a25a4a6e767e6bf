/**
 * The fields of a shared form, built from the share's meta (GET /db/public/shared-view/{uuid}/meta): the
 * table's columns the form exposes (hidden fields never arrive) joined with the form's per-field settings
 * (label, help, required, order). Pure, so the form page and its tests read the same model.
 */

import type { FormInputKind } from '../../fields/cell-type';
import { formInputOf } from '../../fields/registry';

/** A column as the share meta sends it (`model.columns`). */
export interface SharedColumn {
  id: string;
  title: string;
  uidt: string;
  rqd?: boolean;
  pk?: boolean;
  system?: boolean;
  meta?: Record<string, unknown> | null;
  colOptions?: { options?: { title: string; color?: string }[] } | null;
}

/** A form column setting as the share meta sends it (`columns`). */
export interface SharedViewColumn {
  fk_column_id: string;
  show?: boolean;
  order?: number;
  label?: string | null;
  help?: string | null;
  description?: string | null;
  required?: boolean;
  meta?: Record<string, unknown> | null;
}

/** One input of the form. */
export interface FormField {
  id: string;
  /** The key the submission uses: the field's title. */
  title: string;
  uidt: string;
  /** The input the field's type shows on forms (the web field registry's `form`). */
  input: FormInputKind;
  /** What the form shows: its own label, else the field title. */
  label: string;
  help?: string;
  required: boolean;
  options: string[];
  /** Length and range limits from the form column's meta (minLength, maxLength, min, max). */
  limits: { minLength?: number; maxLength?: number; min?: number; max?: number };
  /** Rating: the highest value. */
  max?: number;
  /** What the input holds when the form opens (the form column's `meta.defaultValue`). */
  defaultValue?: string | number | boolean | string[];
}

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** The form's inputs in the form's order. */
export function formFields(columns: SharedColumn[], settings: SharedViewColumn[]): FormField[] {
  const byColumn = new Map(settings.map((s) => [s.fk_column_id, s]));
  // Types a visitor can fill in have a form input in the registry; computed and system fields are left out.
  return columns
    .map((c, i) => ({ c, s: byColumn.get(c.id), i, input: formInputOf(c.uidt) }))
    .filter(({ c, s, input }) => input && !c.system && s?.show !== false)
    .sort((a, b) => (a.s?.order ?? 1e6 + a.i) - (b.s?.order ?? 1e6 + b.i))
    .map(({ c, s, input }) => {
      const meta = { ...(s?.meta ?? {}) };
      return {
        id: c.id,
        title: c.title,
        uidt: c.uidt,
        input: input!,
        label: s?.label?.trim() || c.title,
        help: s?.help?.trim() || s?.description?.trim() || undefined,
        required: Boolean(s?.required || c.rqd),
        options: (c.colOptions?.options ?? []).map((o) => o.title),
        limits: {
          minLength: num(meta.minLength),
          maxLength: num(meta.maxLength),
          min: num(meta.min),
          max: num(meta.max),
        },
        max: input === 'rating' ? (num(c.meta?.max) ?? 5) : undefined,
        defaultValue: defaultOf(meta.defaultValue),
      };
    });
}

function defaultOf(v: unknown): FormField['defaultValue'] {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  return undefined;
}

/** The values a form opens with: each field's default value. */
export function initialValues(fields: FormField[]): Record<string, FormField['defaultValue']> {
  const out: Record<string, FormField['defaultValue']> = {};
  for (const f of fields)
    if (f.defaultValue !== undefined && f.defaultValue !== '') out[f.id] = f.defaultValue;
  return out;
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on', 'checked']);

/**
 * The answers a link fills in (docs/views.md, prefill): `?Name=Ada&Size=M` sets the fields with those titles,
 * each as its input takes it. Unknown fields, options that do not exist and files are ignored.
 * @example prefilledValues(fields, new URLSearchParams('Qty=3')) // { [qtyId]: 3 }
 */
export function prefilledValues(
  fields: FormField[],
  params: URLSearchParams,
): Record<string, FormField['defaultValue']> {
  const out: Record<string, FormField['defaultValue']> = {};
  for (const f of fields) {
    const raw = params.get(f.title);
    if (raw === null || raw === '' || f.input === 'attachment') continue;
    const value = prefillOf(f, raw);
    if (value !== undefined) out[f.id] = value;
  }
  return out;
}

function prefillOf(f: FormField, raw: string): FormField['defaultValue'] {
  switch (f.input) {
    case 'number':
    case 'rating':
      return num(raw);
    case 'checkbox':
      return TRUE_WORDS.has(raw.trim().toLowerCase());
    case 'select':
      return f.options.includes(raw) ? raw : undefined;
    case 'multiSelect': {
      const chosen = raw.split(',').filter((o) => f.options.includes(o));
      return chosen.length ? chosen : undefined;
    }
    default:
      return raw;
  }
}
