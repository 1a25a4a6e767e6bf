/**
 * Creates a view: its title, optionally another view whose fields, filters, sorts and settings it starts from,
 * and for a kanban, calendar or map the field it is built on (the server picks the first fitting one if none).
 */
import type { ColumnMeta, TableMeta, ViewMeta } from '@rowbase/core/api/meta';
import type { CreateViewBody } from '@rowbase/core/api/views';
import { useMutation } from '@tanstack/react-query';
import { Form } from 'antd';
import { Select } from '../../../components/still-pickers';
import { useTranslation } from 'react-i18next';
import { viewsApi, type ViewReply } from '../../../api/views';
import { TitleModal } from '../../../components/TitleModal';
import type { ViewTypeInfo } from '../../../views/view-types';
import type { CreateRequest } from './ViewList';

interface Props {
  table: TableMeta;
  views: ViewMeta[];
  request: CreateRequest;
  onClose(): void;
  onCreated(view: ViewReply): void;
}

/** The setting that names the field a view type is built on, and the field types it accepts. */
const BUILT_ON: Partial<Record<ViewTypeInfo['key'], { setting: string; types: string[] }>> = {
  kanban: { setting: 'fk_grp_col_id', types: ['SingleSelect'] },
  calendar: { setting: 'calendar_range', types: ['Date', 'DateTime', 'CreateTime', 'LastModifiedTime'] },
  map: { setting: 'fk_geo_data_col_id', types: ['GeoData'] },
  gallery: { setting: 'fk_cover_image_col_id', types: ['Attachment'] },
};

/** A title not yet used by a view of the table: "Kanban", "Kanban 2", ... */
export function freeTitle(base: string, views: ViewMeta[]): string {
  const taken = new Set(views.map((v) => v.title.toLowerCase()));
  if (!taken.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base} ${i}`.toLowerCase())) return `${base} ${i}`;
}

export function CreateViewModal({ table, views, request, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const { type, copyFrom } = request;
  const builtOn = BUILT_ON[type.key];
  const fitting: ColumnMeta[] = builtOn
    ? (table.columns ?? []).filter((c) => builtOn.types.includes(c.uidt))
    : [];
  const create = useMutation({
    mutationFn: (body: CreateViewBody) => viewsApi.create(table.id, type.segment, body),
    onSuccess: onCreated,
  });
  const initial = freeTitle(
    copyFrom ? t('views.copyTitle', { title: copyFrom.title }) : t(`views.type.${type.key}`),
    views,
  );

  const submit = (title: string, values: Record<string, unknown>) => {
    const body: Record<string, unknown> = { title };
    if (values.copy_from_id) body.copy_from_id = values.copy_from_id;
    const field = values.field as string | undefined;
    // A copy takes the field from the view it copies.
    if (builtOn && field && !values.copy_from_id) {
      body[builtOn.setting] = builtOn.setting === 'calendar_range' ? [{ fk_from_column_id: field }] : field;
    }
    create.mutate(body as CreateViewBody);
  };

  return (
    <TitleModal
      open
      title={t('views.createTitle', { type: t(`views.type.${type.key}`) })}
      okText={t('action.create')}
      initial={initial}
      pending={create.isPending}
      onCancel={onClose}
      onSubmit={submit}
      extra={
        <>
          <Form.Item name="copy_from_id" label={t('views.copyFrom')} initialValue={copyFrom?.id}>
            <Select
              allowClear
              placeholder={t('views.copyNothing')}
              options={views.map((v) => ({ value: v.id, label: v.title }))}
              data-testid="view-copy-from"
            />
          </Form.Item>
          {builtOn && (
            <Form.Item noStyle shouldUpdate>
              {({ getFieldValue }) =>
                !getFieldValue('copy_from_id') && (
                  <Form.Item
                    name="field"
                    label={t(`views.builtOn.${type.key}`)}
                    initialValue={fitting[0]?.id}
                    extra={fitting.length ? undefined : t('views.noFittingField')}
                  >
                    <Select
                      allowClear
                      options={fitting.map((c) => ({ value: c.id, label: c.title }))}
                      data-testid="view-built-on"
                    />
                  </Form.Item>
                )
              }
            </Form.Item>
          )}
        </>
      }
    />
  );
}
