/**
 * A public form's insert, the only write a share allows: the body may name only the fields the form shows
 * (a hidden or unknown field is a 400), required fields (the form's or the field's own) must have a value,
 * and attachments come only as uploaded files (never as objects pointing at stored paths).
 */
import { ViewType } from '@rowbase/core/api/meta';
import { badRequest, forbidden } from '@rowbase/core/errors';
import { FIELD_TYPES } from '@rowbase/core/fields/registry';
import type { AppContext } from '../../context.js';
import { RowReader, type Row } from '../../data/row-query.js';
import type { StoredView } from '../../meta/repos/views.js';
import type { AttachmentObject } from '../../storage/attachments.js';
import { insertRows, writeTarget } from '../rows-write.js';
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

export async function submitSharedForm(
  ctx: AppContext,
  view: StoredView,
  input: FormSubmission,
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
  for (const f of fields) {
    if ((f.viewColumn.required || f.column.rqd) && isEmpty(values[f.column.title])) {
      throw badRequest(`${f.viewColumn.label || f.column.title} is required`);
    }
  }
  const { model, db } = await ctx.tableModels.get(ctx, view.fk_model_id);
  const [id] = await insertRows(writeTarget(ctx, model, db), [values], false);
  const reader = new RowReader(db, model, ctx.dataCache);
  const shown = fields.map((f) => f.column.id).filter((cid) => model.field(cid)?.name);
  return (await reader.byId(id, shown)) ?? {};
}
