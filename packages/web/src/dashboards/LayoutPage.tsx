/** A layout of a dashboard base: its widgets on the grid; creators add, edit, move, resize and share them. */
import type { WidgetBody, WidgetData, WidgetMeta, WidgetPosition } from '@rowbase/core/api/dashboards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePermissions } from '../app/use-permissions';
import { DashboardGrid } from './DashboardGrid';
import { dashboardsApi, layoutKey, layoutsKey, publicDashboardUrl } from './dashboards-api';
import { useTableRefresh } from './use-table-refresh';
import { WidgetConfigModal } from './WidgetConfigModal';
import { WidgetFrame } from './WidgetFrame';
import { WidgetView } from './WidgetView';

export function LayoutPage() {
  const { t } = useTranslation();
  const { baseId = '', layoutId = '' } = useParams();
  const qc = useQueryClient();
  const { allowed } = usePermissions(baseId);
  const canEdit = allowed('layoutRename');
  const layout = useQuery({ queryKey: layoutKey(layoutId), queryFn: () => dashboardsApi.layout(layoutId) });
  const [editing, setEditing] = useState<WidgetMeta | 'new' | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: layoutKey(layoutId) });
    void qc.invalidateQueries({ queryKey: layoutsKey(baseId) });
  };
  const save = useMutation({
    mutationFn: (body: WidgetBody) =>
      editing && editing !== 'new'
        ? dashboardsApi.updateWidget(editing.id, { config: body.config })
        : dashboardsApi.createWidget(layoutId, body),
    onSuccess: () => {
      setEditing(null);
      refresh();
    },
  });
  const remove = useMutation({ mutationFn: dashboardsApi.deleteWidget, onSuccess: refresh });
  const move = useMutation({
    mutationFn: (moved: ({ id: string } & WidgetPosition)[]) => dashboardsApi.positions(layoutId, moved),
    onSuccess: (reply) => qc.setQueryData(layoutKey(layoutId), { ...layout.data!, widgets: reply.list }),
  });
  const share = useMutation({
    mutationFn: (on: boolean) => (on ? dashboardsApi.share(layoutId) : dashboardsApi.unshare(layoutId)),
    onSuccess: refresh,
  });

  const widgets = layout.data?.widgets ?? [];
  const [tableOf, setTableOf] = useState<Record<string, string>>({});
  const noteTable = (widgetId: string, d: WidgetData) =>
    setTableOf((prev) => (prev[widgetId] === d.tableId ? prev : { ...prev, [widgetId]: d.tableId }));
  useTableRefresh(widgets.map((w) => tableOf[w.id]).filter((id): id is string => !!id));

  if (layout.error) throw layout.error;
  if (!layout.data) return <Spin className="m-6" />;
  const editedTable = editing && editing !== 'new' ? tableOf[editing.id] : undefined;
  return (
    <div className="p-4 lg:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold" data-testid="layout-title">
          {layout.data.title}
        </h1>
        <Space wrap>
          {allowed('viewShare') &&
            (layout.data.share_uuid ? (
              <>
                <Input
                  readOnly
                  value={publicDashboardUrl(layout.data.share_uuid)}
                  className="w-80"
                  data-testid="layout-share-url"
                />
                <Button onClick={() => share.mutate(false)}>{t('dashboard.unshare')}</Button>
              </>
            ) : (
              <Button onClick={() => share.mutate(true)} data-testid="layout-share">
                {t('dashboard.share')}
              </Button>
            ))}
          {canEdit && (
            <Button type="primary" onClick={() => setEditing('new')} data-testid="add-widget">
              {t('dashboard.addWidget')}
            </Button>
          )}
        </Space>
      </div>
      {widgets.length === 0 ? (
        <Empty description={t('dashboard.noWidgets')} />
      ) : (
        <DashboardGrid
          widgets={widgets}
          editable={canEdit}
          onMoved={(moved) => move.mutate(moved)}
          renderWidget={(w) => (
            <WidgetFrame
              widget={w}
              onEdit={canEdit ? () => setEditing(w) : undefined}
              onDelete={canEdit ? () => remove.mutate(w.id) : undefined}
            >
              <WidgetView
                widget={w}
                load={() => dashboardsApi.data(w.id)}
                onData={(d) => noteTable(w.id, d)}
              />
            </WidgetFrame>
          )}
        />
      )}
      <WidgetConfigModal
        open={editing !== null}
        widget={editing && editing !== 'new' ? editing : undefined}
        widgetTableId={editedTable}
        pending={save.isPending}
        onCancel={() => setEditing(null)}
        onSave={(body) => save.mutate(body)}
      />
    </div>
  );
}
