/**
 * A table (or one of its views): its title and the screen of the view's type. A table opened without a view shows
 * its default view (so the toolbar is there at once), and the screens offer only what the person's role allows.
 */
import { ViewType, type TableMeta, type ViewMeta } from '@rowbase/core/api/meta';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useMe } from '../../api/auth';
import { tableKey, tablesApi, viewsKey } from '../../api/tables';
import { tablePath } from '../../app/nav-paths';
import { usePermissions } from '../../app/use-permissions';
import { CalendarView } from '../../views/calendar/CalendarView';
import { FormView } from '../../views/form/FormView';
import { GalleryView } from '../../views/gallery/GalleryView';
import { gridAccessOf, type GridAccess } from '../../views/grid/grid-access';
import { GridView } from '../../views/grid/GridView';
import { KanbanView } from '../../views/kanban/KanbanView';
import { MapView } from '../../views/map/MapView';

export function TablePage() {
  const { baseId = '', viewId: tableId = '', viewTitle: viewId } = useParams();
  const navigate = useNavigate();
  const table = useQuery({ queryKey: tableKey(tableId), queryFn: () => tablesApi.read(tableId) });
  const views = useQuery({ queryKey: viewsKey(tableId), queryFn: () => tablesApi.views(tableId) });
  const { allowed, loaded } = usePermissions(baseId);
  const list = views.data?.list ?? [];
  const defaultView = list.find((v) => v.is_default) ?? list[0];
  useEffect(() => {
    if (!viewId && defaultView) navigate(tablePath(baseId, tableId, defaultView.id), { replace: true });
  }, [viewId, defaultView, baseId, tableId, navigate]);
  const access = gridAccessOf(allowed);
  if (table.error) throw table.error;
  // Until the roles are known the grid would offer edits it may have to take back.
  if (!table.data || !loaded || (!views.data && !views.isError) || (!viewId && !views.isError))
    return <Spin className="m-6" />;
  const view = list.find((v) => v.id === viewId);
  return (
    <div className="flex h-full min-h-[calc(100vh-4rem)] flex-col">
      <h1 className="px-4 pt-3 pb-1 text-lg font-semibold" data-testid="table-title">
        {table.data.title}
      </h1>
      {view && <LockNotice view={view} />}
      <div className="min-h-0 flex-1">
        <ViewScreen
          // A new role (preview-as switched) starts a fresh screen rather than patching the open one.
          key={`${tableId}/${viewId ?? ''}/${access.editData}/${access.editSchema}`}
          table={table.data}
          view={view}
          viewId={viewId}
          access={access}
          onFieldsChanged={() => void table.refetch()}
        />
      </div>
    </div>
  );
}

interface ScreenProps {
  table: TableMeta;
  view?: ViewMeta;
  viewId?: string;
  access: GridAccess;
  onFieldsChanged(): void;
}

function ViewScreen({ table, view, viewId, access, onFieldsChanged }: ScreenProps) {
  switch (view?.type) {
    case ViewType.FORM:
      return <FormView table={table} view={view} />;
    case ViewType.GALLERY:
      return <GalleryView table={table} view={view} />;
    case ViewType.CALENDAR:
      return <CalendarView table={table} view={view} />;
    case ViewType.MAP:
      return <MapView table={table} view={view} />;
    case ViewType.KANBAN:
      return <KanbanView table={table} view={view} onFieldsChanged={onFieldsChanged} />;
    default:
      return <GridView table={table} viewId={viewId} access={access} onFieldsChanged={onFieldsChanged} />;
  }
}

/** Says why the view's fields, filters and sorts cannot be changed here (the server refuses them too). */
function LockNotice({ view }: { view: ViewMeta }) {
  const { t } = useTranslation();
  const me = useMe(view.base_id).data;
  const text =
    view.lock_type === 'locked'
      ? t('views.lockedNotice')
      : view.lock_type === 'personal' && view.owned_by && view.owned_by !== me?.id
        ? t('views.personalNotice')
        : undefined;
  if (!text) return null;
  return <Alert className="mx-4 mb-1" type="info" showIcon title={text} data-testid="view-lock-notice" />;
}
