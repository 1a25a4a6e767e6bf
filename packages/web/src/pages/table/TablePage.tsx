/**
 * A table (or one of its views): title, views, and its first rows in a plain table. The canvas grid of the
 * grid-view issue replaces the rows part.
 */
import { useQuery } from '@tanstack/react-query';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { Alert, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorMessageOf } from '../../api/notify';
import { recordsKey, tableKey, tablesApi } from '../../api/tables';

const PAGE_SIZE = 25;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function TablePage() {
  const { t } = useTranslation();
  const { viewId: tableId = '' } = useParams();
  const table = useQuery({ queryKey: tableKey(tableId), queryFn: () => tablesApi.read(tableId) });
  const records = useQuery({
    queryKey: [...recordsKey(tableId), PAGE_SIZE],
    queryFn: () => tablesApi.records(tableId, { limit: PAGE_SIZE }),
    meta: { silent: true },
  });
  if (table.error) throw table.error;
  const columns = (table.data?.columns ?? []).filter((c: ColumnMeta) => !c.system || c.pk);
  return (
    <div className="p-6">
      <h1 className="mb-4 text-xl font-semibold" data-testid="table-title">
        {table.data?.title}
      </h1>
      {records.isError && (
        <Alert className="mb-3" type="error" showIcon title={errorMessageOf(records.error)} />
      )}
      <Table<Record<string, unknown>>
        size="small"
        bordered
        scroll={{ x: true }}
        loading={records.isPending || table.isPending}
        rowKey={(row) => cellText(row.Id ?? row.id ?? JSON.stringify(row))}
        dataSource={records.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: t('table.noRows') }}
        columns={columns.map((c) => ({
          key: c.id,
          title: c.title,
          dataIndex: c.title,
          render: (v: unknown) => cellText(v),
        }))}
      />
      {records.data?.pageInfo?.totalRows != null && (
        <p className="mt-2 text-sm text-gray-500">
          {t('table.rowCount', { count: records.data.pageInfo.totalRows })}
        </p>
      )}
    </div>
  );
}
