/**
 * The body of a shared form's submit (POST /db/public/shared-view/{uuid}/rows): plain JSON keyed by field
 * title, or multipart when files are attached (`data` holds the JSON, each file is a part named by its field).
 */
import type { FormField } from './form-fields';
import { isEmptyValue, isNumericInput, type FormValue } from './form-validation';

/** The value as the row API takes it: numbers as numbers, options comma-joined, empty values left out. */
export function submitValue(field: FormField, value: FormValue): unknown {
  if (field.input === 'checkbox') return value === true;
  if (isEmptyValue(value)) return undefined;
  if (isNumericInput(field)) return typeof value === 'number' ? value : Number(value);
  if (field.input === 'multiSelect' && Array.isArray(value)) return (value as string[]).join(',');
  if (field.input === 'json' && typeof value === 'string') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

/** Answers a FormData when any file is attached, else a JSON object. */
export function submissionBody(
  fields: FormField[],
  values: Record<string, FormValue>,
): FormData | Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const files: { field: string; file: File }[] = [];
  for (const f of fields) {
    const v = values[f.id];
    if (f.input === 'attachment') {
      if (Array.isArray(v))
        for (const file of v) if (file instanceof File) files.push({ field: f.title, file });
      continue;
    }
    const out = submitValue(f, v);
    if (out !== undefined) data[f.title] = out;
  }
  if (!files.length) return data;
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const { field, file } of files) form.append(field, file, file.name);
  return form;
}
