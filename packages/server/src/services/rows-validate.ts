/**
 * Turning a client's row (keys are field titles, or column names / ids) into column values to write:
 * each value checked and coerced by the field registry, required fields enforced, computed and system
 * fields left alone. A bad cell is a 400 whose `errors` name the row and the field.
 */
import { AppError, ErrorCode, type ValidationIssue } from '@rowbase/core/errors';
import { INVALID_CELL } from '@rowbase/core/fields/field-type';
import { isRowOrderColumn } from '@rowbase/core/fields/row-order';
import type { StoredField, TableModel } from '../data/table-model.js';

export type ColumnValues = Record<string, unknown>;

/**
 * Fields the database or the data plane fills in; a client's value for them is ignored, not refused. The
 * row-order column is filled in too, but a client may give a row its order (a number). Types without a
 * `coerce` hook in the field registry (CreateTime, LastModifiedTime, AutoNumber, computed types) take no
 * client values.
 */
export function isWrittenByServer(f: StoredField): boolean {
  const c = f.column;
  return c.ai || (c.system && !isRowOrderColumn(c)) || !f.def?.coerce;
}

/** Required on insert: docs/behaviour/validation.md — required, no default, not auto-increment, not auto-generated. */
function isRequiredOnInsert(f: StoredField): boolean {
  const c = f.column;
  return (
    c.rqd &&
    !c.ai &&
    (c.cdf === null || c.cdf === undefined || c.cdf === '') &&
    !isWrittenByServer(f) &&
    !c.meta?.ag
  );
}

const requiredByModel = new WeakMap<TableModel, StoredField[]>();

/** The fields a new row must give a value for (worked out once per table model). */
function requiredOnInsert(model: TableModel): StoredField[] {
  let fields = requiredByModel.get(model);
  if (!fields) requiredByModel.set(model, (fields = model.stored.filter(isRequiredOnInsert)));
  return fields;
}

export class RowValidationError extends AppError {
  constructor(message: string, issues: ValidationIssue[]) {
    super(ErrorCode.BAD_REQUEST, message, issues);
  }
}

/**
 * Validates one row. `index` is set for bulk writes, so messages say which row.
 * @example prepareRow(model, { Title: 'a', Email: 'x' }, 'insert') // throws 'Validation failed : isEmail'
 */
export function prepareRow(
  model: TableModel,
  input: unknown,
  mode: 'insert' | 'update',
  index?: number,
): ColumnValues {
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    throw new RowValidationError(
      index === undefined ? 'A row must be a JSON object' : `Row ${index} must be a JSON object`,
      [{ instancePath: index === undefined ? '' : `/${index}`, message: 'must be an object' }],
    );
  }
  const out: ColumnValues = {};
  const required = mode === 'insert' ? requiredOnInsert(model) : [];
  const seen = required.length ? new Set<StoredField>() : undefined;
  const record = input as Record<string, unknown>;
  for (const key in record) {
    if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
    const value = record[key];
    const f = model.field(key);
    if (!f) {
      if (key === 'Id' && model.pk) continue;
      failRow(index, key, `Field '${key}' not found in table '${model.title}'`);
    }
    if (f!.name === null) continue; // computed fields are read-only
    const field = f as StoredField;
    seen?.add(field);
    if (isWrittenByServer(field)) continue;
    if (mode === 'update' && field.column.pk) continue;
    let coerced: unknown = null;
    if (value !== null && value !== undefined) {
      // The registry's validateCellValue, with the field's context built once (see FieldModel.coerce).
      if (!field.coerce)
        failRow(index, field.title, `Field '${field.title}' of type ${field.column.uidt} cannot be written`);
      const r = field.coerce!(value);
      if (!r.ok) failRow(index, field.title, r.error);
      coerced = (r as { value: unknown }).value;
    }
    const max = maxLength(field);
    if (max !== undefined && typeof coerced === 'string' && coerced.length > max) {
      failRow(index, field.title, `Field '${field.title}' takes at most ${max} characters`);
    }
    if ((coerced === null || coerced === undefined) && field.column.rqd) {
      failRow(index, field.title, `Field '${field.title}' is required`);
    }
    out[field.name] = field.encode(coerced);
  }
  for (const f of required) if (!seen!.has(f)) failRow(index, f.title, `Field '${f.title}' is required`);
  return out;
}

/**
 * `prepareRow(model, record, 'insert')` for many rows that all give the same fields, in the same order, as an
 * array of values: each field is looked up and its limits worked out once, and no object is made per row (an
 * import's million rows): `write` puts a row's column values, in the order of `cols`, into `out` from `at`.
 * Same checks and messages as `prepareRow`; a refused row throws, and what it wrote past `at` is garbage to
 * overwrite. Unknown titles throw at once.
 * @example const p = insertPreparer(model, ['Title', 'Age']); p.write(['a', 30], out, 0) // p.cols: ['title', 'age']
 */
export function insertPreparer(
  model: TableModel,
  titles: readonly string[],
): { cols: string[]; write: (values: unknown[], out: unknown[], at: number) => void } {
  const fields = titles.map((title) => {
    const f = model.field(title);
    if (!f) failRow(undefined, title, `Field '${title}' not found in table '${model.title}'`);
    return f!;
  });
  const given = new Set(fields);
  const missing = requiredOnInsert(model).find((f) => !given.has(f));
  const plan = fields.flatMap((f, i) => {
    if (f.name === null) return []; // computed fields are read-only
    const field = f as StoredField;
    if (isWrittenByServer(field)) return [];
    return [{ i, field, max: maxLength(field), rqd: !!field.column.rqd }];
  });
  // Per column, in arrays: the row loop below runs for every cell of an import.
  const at = plan.map((p) => p.i);
  const converts = plan.map((p) => p.field.convert);
  const maxes = plan.map((p) => p.max);
  const required = plan.map((p) => p.rqd);
  const encoders = plan.map((p) => p.field.encode);
  const write = (values: unknown[], out: unknown[], start: number) => {
    for (let j = 0; j < plan.length; j++) {
      const value = values[at[j]!];
      let coerced: unknown = null;
      if (value !== null && value !== undefined) {
        const convert = converts[j];
        if (!convert) cannotWrite(plan[j]!.field);
        coerced = convert!(value);
        // Refused: the field's coerce hook (the same rules) gives the reason.
        if (coerced === INVALID_CELL) refused(plan[j]!.field, value);
      }
      const max = maxes[j];
      if (max !== undefined && typeof coerced === 'string' && coerced.length > max)
        tooLong(plan[j]!.field, max);
      if ((coerced === null || coerced === undefined) && required[j]) isRequired(plan[j]!.field);
      out[start + j] = encoders[j]!(coerced);
    }
    if (missing) failRow(undefined, missing.title, `Field '${missing.title}' is required`);
  };
  return { cols: plan.map((p) => p.field.name), write };
}

const cannotWrite = (field: StoredField): never =>
  failRow(undefined, field.title, `Field '${field.title}' of type ${field.column.uidt} cannot be written`);

function refused(field: StoredField, value: unknown): never {
  failRow(undefined, field.title, (field.coerce!(value) as { error: string }).error);
}

const tooLong = (field: StoredField, max: number): never =>
  failRow(undefined, field.title, `Field '${field.title}' takes at most ${max} characters`);

const isRequired = (field: StoredField): never =>
  failRow(undefined, field.title, `Field '${field.title}' is required`);

/** Refuses a row for one field's problem; `index` (bulk writes) makes the message say which row. */
function failRow(index: number | undefined, title: string, problem: string): never {
  const message = index === undefined ? problem : `Row ${index}, field '${title}': ${problem}`;
  const instancePath = index === undefined ? `/${title}` : `/${index}/${title}`;
  throw new RowValidationError(message, [{ instancePath, message: problem }]);
}

const maxLengths = new WeakMap<StoredField, number | undefined>();

/** The declared length of a char/varchar column, enforced the same way on every database (worked out once). */
function maxLength(f: StoredField): number | undefined {
  if (maxLengths.has(f)) return maxLengths.get(f);
  const n = Number(f.column.dtxp);
  const max = /char/i.test(f.column.dt ?? '') && Number.isInteger(n) && n > 0 ? n : undefined;
  maxLengths.set(f, max);
  return max;
}

/** The current moment as stored datetimes are: UTC 'YYYY-MM-DD HH:mm:ss'. */
export function nowStamp(now = new Date()): string {
  return now.toISOString().slice(0, 19).replace('T', ' ');
}

/** Columns the server refreshes on every update (LastModifiedTime, auto-update datetimes). */
export function autoUpdateColumns(model: TableModel): StoredField[] {
  return model.stored.filter((f) => f.def?.stamp === 'modified' || (f.column.au && f.kind === 'datetime'));
}
