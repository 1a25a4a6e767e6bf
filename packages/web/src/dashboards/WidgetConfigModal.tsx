/**
 * The widget config panel: the type, then what it reads (a view of a database base, the field to group by, the
 * field and aggregation of docs/behaviour/fields.md, one optional filter) or what it shows (Markdown, an image).
 * Only fields the view shows are offered; the server checks the same and answers 400 otherwise.
 */
import { WIDGET_TYPES, type WidgetBody, type WidgetMeta } from '@rowbase/core/api/dashboards';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { FIELD_TYPES } from '@rowbase/core/fields/registry';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal } from 'antd';
import { Select } from '../components/still-pickers';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { basesApi, basesKey } from '../api/bases';
import { tablesApi } from '../api/tables';
import { bodyOf, FILTER_OPS, isChart, readsView, type WidgetFormValues } from './widget-body';
import { useStillModalMotion } from '../components/modal-motion';

export function WidgetConfigModal({
  open,
  widget,
  widgetTableId,
  pending,
  onCancel,
  onSave,
}: {
  open: boolean;
  widget?: WidgetMeta;
  /** The table the edited widget reads (from its last data), to fill the base and table pickers. */
  widgetTableId?: string;
  pending: boolean;
  onCancel: () => void;
  onSave: (body: WidgetBody) => void;
}) {
  const { t } = useTranslation();
  const motion = useStillModalMotion();
  const [form] = Form.useForm<WidgetFormValues>();
  const type = Form.useWatch('type', form) ?? 'number';
  const baseId = Form.useWatch('baseId', form);
  const tableId = Form.useWatch('tableId', form);
  const viewId = Form.useWatch('viewId', form);
  const fieldId = Form.useWatch('fieldId', form);

  const bases = useQuery({ queryKey: basesKey, queryFn: basesApi.list, enabled: open });
  const tables = useQuery({
    queryKey: ['tables', baseId],
    queryFn: () => tablesApi.list(baseId!),
    enabled: open && !!baseId,
  });
  const views = useQuery({
    queryKey: ['views', tableId],
    queryFn: () => tablesApi.views(tableId!),
    enabled: open && !!tableId,
  });
  const table = useQuery({
    queryKey: ['table', tableId],
    queryFn: () => tablesApi.read(tableId!),
    enabled: open && !!tableId,
  });
  const viewColumns = useQuery({
    queryKey: ['view-columns', viewId],
    queryFn: () =>
      api.get<{ list: { fk_column_id: string; show: boolean }[] }>(`/api/v1/db/meta/views/${viewId}/columns`),
    enabled: open && !!viewId,
  });

  // Editing: find the base and table of the widget's view, then fill the form.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!widget) {
      form.setFieldsValue({ type: 'number', aggregation: 'count' });
      return;
    }
    form.setFieldsValue({ type: widget.type, ...(widget.config as Partial<WidgetFormValues>) });
    if (!widgetTableId) return;
    void tablesApi.read(widgetTableId).then(
      (x) => form.setFieldsValue({ baseId: x.base_id, tableId: x.id }),
      () => undefined,
    );
  }, [open, widget, widgetTableId, form]);

  const shown = new Set((viewColumns.data?.list ?? []).filter((c) => c.show).map((c) => c.fk_column_id));
  const fields: ColumnMeta[] = (table.data?.columns ?? []).filter(
    (c) => shown.has(c.id) && !!c.column_name && !c.system,
  );
  const fieldOptions = fields.map((f) => ({ value: f.id, label: f.title }));
  const aggregated = fields.find((f) => f.id === fieldId);
  const aggregations = aggregated ? FIELD_TYPES[aggregated.uidt].aggregations : ['count'];

  return (
    <Modal
      {...motion}
      open={open}
      title={widget ? t('dashboard.editWidget') : t('dashboard.addWidget')}
      okText={t('action.save')}
      confirmLoading={pending}
      onCancel={onCancel}
      onOk={() =>
        void form
          .validateFields()
          .then((v) => onSave(bodyOf(v, (id) => fields.find((f) => f.id === id)?.title)))
      }
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" data-testid="widget-config">
        <Form.Item name="type" label={t('dashboard.widgetType')}>
          <Select
            data-testid="widget-type"
            disabled={!!widget}
            options={WIDGET_TYPES.map((k) => ({ value: k, label: t(`dashboard.type.${k}`) }))}
          />
        </Form.Item>
        <Form.Item name="title" label={t('dashboard.widgetTitle')}>
          <Input data-testid="widget-title-input" />
        </Form.Item>
        {readsView(type) && (
          <>
            <Form.Item name="baseId" label={t('dashboard.base')} rules={[{ required: true }]}>
              <Select
                data-testid="widget-base"
                options={(bases.data?.list ?? [])
                  .filter((b) => (b.type ?? 'database') === 'database')
                  .map((b) => ({ value: b.id, label: b.title }))}
                onChange={() => form.setFieldsValue({ tableId: undefined, viewId: undefined })}
              />
            </Form.Item>
            <Form.Item name="tableId" label={t('dashboard.table')} rules={[{ required: true }]}>
              <Select
                data-testid="widget-table"
                options={(tables.data?.list ?? []).map((x) => ({ value: x.id, label: x.title }))}
                onChange={() =>
                  form.setFieldsValue({ viewId: undefined, groupBy: undefined, fieldId: undefined })
                }
              />
            </Form.Item>
            <Form.Item name="viewId" label={t('dashboard.view')} rules={[{ required: true }]}>
              <Select
                data-testid="widget-view"
                options={(views.data?.list ?? []).map((x) => ({ value: x.id, label: x.title }))}
              />
            </Form.Item>
          </>
        )}
        {isChart(type) && (
          <Form.Item name="groupBy" label={t('dashboard.groupBy')} rules={[{ required: true }]}>
            <Select data-testid="widget-group-by" options={fieldOptions} />
          </Form.Item>
        )}
        {(type === 'number' || isChart(type)) && (
          <>
            <Form.Item name="fieldId" label={t('dashboard.field')}>
              <Select
                data-testid="widget-field"
                allowClear
                options={fieldOptions}
                onChange={() => form.setFieldsValue({ aggregation: undefined })}
              />
            </Form.Item>
            <Form.Item name="aggregation" label={t('dashboard.aggregation')} rules={[{ required: true }]}>
              <Select
                data-testid="widget-aggregation"
                options={aggregations.map((a) => ({ value: a, label: t(`dashboard.agg.${a}`) }))}
              />
            </Form.Item>
            <div className="flex gap-2">
              <Form.Item name="filterField" label={t('dashboard.filter')} className="flex-1">
                <Select data-testid="widget-filter-field" allowClear options={fieldOptions} />
              </Form.Item>
              <Form.Item name="filterOp" label=" " className="w-28">
                <Select options={FILTER_OPS.map((op) => ({ value: op, label: t(`dashboard.op.${op}`) }))} />
              </Form.Item>
              <Form.Item name="filterValue" label=" " className="flex-1">
                <Input data-testid="widget-filter-value" />
              </Form.Item>
            </div>
          </>
        )}
        {type === 'table' && (
          <Form.Item name="limit" label={t('dashboard.rows')}>
            <InputNumber min={1} max={100} />
          </Form.Item>
        )}
        {type === 'text' && (
          <Form.Item name="markdown" label={t('dashboard.markdown')}>
            <Input.TextArea rows={8} data-testid="widget-markdown" />
          </Form.Item>
        )}
        {type === 'image' && (
          <>
            <Form.Item name="url" label={t('dashboard.imageUrl')} rules={[{ required: true }]}>
              <Input data-testid="widget-url" />
            </Form.Item>
            <Form.Item name="alt" label={t('dashboard.imageAlt')}>
              <Input />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
