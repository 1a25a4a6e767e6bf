/**
 * The form builder's calls: the form's settings with its columns (GET /db/meta/forms/{id}), a form column's
 * label, help, required, default value, shown state and order (PATCH /db/meta/form-columns/{id}), the form's
 * texts (PATCH /db/meta/forms/{id}) and the view's meta (submit text, blank-form delay).
 */
import type { ColumnMeta, TableMeta } from '@rowbase/core/api/meta';
import { api } from '../../api/client';
import { formInputOf } from '../../fields/registry';
import type { SharedViewColumn } from './form-fields';

/** A form column as the settings reply lists it. */
export interface FormColumn extends SharedViewColumn {
  id: string;
  fk_column_id: string;
  show: boolean;
  order: number;
}

export interface FormSettingsReply {
  fk_view_id: string;
  title: string;
  meta?: Record<string, unknown> | null;
  heading?: string | null;
  subheading?: string | null;
  success_msg?: string | null;
  redirect_url?: string | null;
  redirect_after_secs?: number | null;
  submit_another_form?: boolean;
  show_blank_form?: boolean;
  /** "E-mail me on submit": each shared-form submission is mailed to whoever switched it on. */
  email?: boolean;
  columns: FormColumn[];
}

export type FormColumnPatch = Partial<
  Pick<FormColumn, 'label' | 'help' | 'required' | 'show' | 'order' | 'meta'>
>;

const meta = '/api/v1/db/meta';

export const formKey = (viewId: string) => ['form', viewId] as const;

export const formApi = {
  read: (viewId: string) => api.get<FormSettingsReply>(`${meta}/forms/${viewId}`),
  update: (viewId: string, body: Record<string, unknown>) =>
    api.patch<unknown>(`${meta}/forms/${viewId}`, body),
  updateColumn: (id: string, body: FormColumnPatch) =>
    api.patch<FormColumn>(`${meta}/form-columns/${id}`, body),
  updateViewMeta: (viewId: string, body: Record<string, unknown>) =>
    api.patch<unknown>(`${meta}/views/${viewId}`, { meta: body }),
};

/** A field a form can ask for: one a person fills in, not computed and not a system field. */
export function fillable(column: ColumnMeta | undefined): column is ColumnMeta {
  return !!column && !!formInputOf(column.uidt) && !column.system && !column.pk;
}

/** The form's columns split into the shown ones (in form order) and the hidden ones a builder can add. */
export function splitColumns(table: TableMeta, columns: FormColumn[]) {
  const byId = new Map((table.columns ?? []).map((c) => [c.id, c]));
  const usable = columns.filter((vc) => fillable(byId.get(vc.fk_column_id)));
  const shown = usable.filter((vc) => vc.show).sort((a, b) => a.order - b.order);
  const hidden = usable.filter((vc) => !vc.show);
  return { shown, hidden, columnOf: (vc: FormColumn) => byId.get(vc.fk_column_id)! };
}
