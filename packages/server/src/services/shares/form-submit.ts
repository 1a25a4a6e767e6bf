/**
 * A public form's insert, the only write a share allows: the body may name only the fields the form shows
 * (a hidden or unknown field is a 400), required fields (the form's or the field's own) must have a value,
 * every answer passes the form's checks (docs/views.md, form messages) with each problem named on its field,
 * and attachments come only as uploaded files (never as objects pointing at stored paths).
 */
import { ViewType } from '@rowbase/core/api/meta';
import { badRequest, forbidden, type ValidationIssue } from '@rowbase/core/errors';
import { checkAnswer, formCheckKindOf, formMessage, limitsOf } from '@rowbase/core/forms/form-rules';
import { FIELD_TYPES } from '@rowbase/core/fields/registry';
import { maxValueOf } from '@rowbase/core/fields/traits';
import type { AppContext } from '../../context.js';
import { RowReader, type Row } from '../../data/row-query.js';
import type { StoredView } from '../../meta/repos/views.js';
import type { AttachmentObject } from '../../storage/attachments.js';
import { insertRows, writeTarget } from '../rows-write.js';
import { sendFormNotice } from './form-notice.js';
import { sharedFields, type SharedField } from './shared-view-access.js';

/** Fields whose values are files (attachments): uploaded as parts of the form, never given as JSON. */
const takesFiles = (f: SharedField) => FIELD_TYPES[f.column.uidt]?.kind === 'attachment';

export interface FormSubmission {
  /** Values by field title (or id). */
  data: Record<string, unknown>;
  /** Uploaded files by the field (title or id) they belong to. */
  files: { field: string; attachment: AttachmentObject }[];
}

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && !v.length);

/** Inserts the submission; with `site` (the web app's address) also sends the form's notice e-mail if asked. */
export async function submitSharedForm(
  ctx: AppContext,
  view: StoredView,
  input: FormSubmission,
  site?: string,
): Promise<Row> {
  if (view.type !== ViewType.FORM) throw forbidden('Only a shared form accepts new records');
  const fields = await sharedFields(ctx, view);
  const fieldOf = (key: string): SharedField => {
    const f = fields.find((x) => x.column.title === key || x.column.id === key);
    if (!f) throw badRequest(`Field '${key}' is not in this form`);
    return f;
  };
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input.data)) {
    const f = fieldOf(key);
    if (takesFiles(f) && !isEmpty(value)) {
      throw badRequest(`${f.column.title}: attach files by uploading them with the form`);
    }
    values[f.column.title] = value;
  }
  for (const { field, attachment } of input.files) {
    const f = fieldOf(field);
    if (!takesFiles(f)) throw badRequest(`${f.column.title} does not take files`);
    const list = (values[f.column.title] as AttachmentObject[] | undefined) ?? [];
    values[f.column.title] = [...list, attachment];
  }
  const issues = answerIssues(fields, values);
  if (issues.length) throw badRequest(issues.map((i) => i.message).join('; '), issues);
  const { model, db } = await ctx.tableModels.get(ctx, view.fk_model_id);
  const [id] = await insertRows(writeTarget(ctx, model, db), [values], false);
  const reader = new RowReader(db, model, ctx.dataCache);
  const shown = fields.map((f) => f.column.id).filter((cid) => model.field(cid)?.name);
  const row = (await reader.byId(id, shown)) ?? {};
  // Not awaited: the person submitting does not wait for the mail server.
  if (site) void sendFormNotice(ctx, view, fields, row, site);
  return row;
}

/** Every shown field's problem, as `{ instancePath: '/{title}', message }` in the form's words. */
function answerIssues(fields: SharedField[], values: Record<string, unknown>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const { column, viewColumn } of fields) {
    const limits = limitsOf(viewColumn.meta as Record<string, unknown> | null);
    if (limits.max === undefined) limits.max = maxValueOf(column);
    const rule = {
      label: viewColumn.label?.trim() || column.title,
      required: Boolean(viewColumn.required || column.rqd),
      kind: formCheckKindOf(column.uidt),
      limits,
    };
    const issue = checkAnswer(rule, values[column.title]);
    if (issue) issues.push({ instancePath: `/${column.title}`, message: formMessage(issue), ...issue });
  }
  return issues;
}
