/**
 * A table (or one of its views): its title and the canvas grid of its rows. A table opened without a view shows
 * its default view (so the toolbar is there at once), and the grid offers only what the person's role allows.
 */
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { tableKey, tablesApi, viewsKey } from '../../api/tables';
import { tablePath } from '../../app/nav-paths';
import { usePermissions } from '../../app/use-permissions';
import { gridAccessOf } from '../../views/grid/grid-access';
import { GridView } from '../../views/grid/GridView';

export function TablePage() {
  const { baseId = '', viewId: tableId = '', viewTitle: viewId } = useParams();
  const navigate = useNavigate();
  const table = useQuery({ queryKey: tableKey(tableId), queryFn: () => tablesApi.read(tableId) });
  const views = useQuery({
    queryKey: viewsKey(tableId),
    queryFn: () => tablesApi.views(tableId),
    enabled: !viewId,
    meta: { silent: true },
  });
  const { allowed, loaded } = usePermissions(baseId);
  const defaultView = views.data?.list.find((v) => v.is_default) ?? views.data?.list[0];
  useEffect(() => {
    if (!viewId && defaultView) navigate(tablePath(baseId, tableId, defaultView.id), { replace: true });
  }, [viewId, defaultView, baseId, tableId, navigate]);
  const access = gridAccessOf(allowed);
  if (table.error) throw table.error;
  // Until the roles are known the grid would offer edits it may have to take back.
  if (!table.data || !loaded || (!viewId && !views.isError)) return <Spin className="m-6" />;
  return (
    <div className="flex h-full min-h-[calc(100vh-4rem)] flex-col">
      <h1 className="px-4 pt-3 pb-1 text-lg font-semibold" data-testid="table-title">
        {table.data.title}
      </h1>
      <div className="min-h-0 flex-1">
        <GridView
          // A new role (preview-as switched) starts a fresh grid rather than patching the open one.
          key={`${tableId}/${viewId ?? ''}/${access.editData}/${access.editSchema}`}
          table={table.data}
          viewId={viewId}
          access={access}
          onFieldsChanged={() => void table.refetch()}
        />
      </div>
    </div>
  );
}
