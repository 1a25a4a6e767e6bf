/** A table (or one of its views): its title and the canvas grid of its rows. */
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useParams } from 'react-router-dom';
import { tableKey, tablesApi } from '../../api/tables';
import { GridView } from '../../views/grid/GridView';

export function TablePage() {
  const { viewId: tableId = '', viewTitle: viewId } = useParams();
  const table = useQuery({ queryKey: tableKey(tableId), queryFn: () => tablesApi.read(tableId) });
  if (table.error) throw table.error;
  if (!table.data) return <Spin className="m-6" />;
  return (
    <div className="flex h-full min-h-[calc(100vh-4rem)] flex-col">
      <h1 className="px-4 pt-3 pb-1 text-lg font-semibold" data-testid="table-title">
        {table.data.title}
      </h1>
      <div className="min-h-0 flex-1">
        <GridView
          key={`${tableId}/${viewId ?? ''}`}
          table={table.data}
          viewId={viewId}
          onFieldsChanged={() => void table.refetch()}
        />
      </div>
    </div>
  );
}
