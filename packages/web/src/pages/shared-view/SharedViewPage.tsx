/** A publicly shared view or form: its meta and rows through the public shared-view calls. */
import { useQuery } from '@tanstack/react-query';
import { Alert, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { api } from '../../api/client';
import { errorMessageOf } from '../../api/notify';

interface SharedViewMeta {
  title?: string;
  columns?: { id: string; title: string; system?: boolean; pk?: boolean }[];
  model?: { title?: string; columns?: { id: string; title: string; system?: boolean; pk?: boolean }[] };
}

export function SharedViewPage() {
  const { t } = useTranslation();
  const { viewId = '' } = useParams();
  const base = `/api/v1/db/public/shared-view/${encodeURIComponent(viewId)}`;
  const meta = useQuery({
    queryKey: ['shared-view', viewId],
    queryFn: () => api.get<SharedViewMeta>(`${base}/meta`),
    meta: { silent: true },
  });
  const rows = useQuery({
    queryKey: ['shared-view', viewId, 'rows'],
    queryFn: () => api.get<{ list: Record<string, unknown>[] }>(`${base}/rows`),
    enabled: meta.isSuccess,
    meta: { silent: true },
  });
  if (meta.isError) return <Alert type="error" showIcon title={errorMessageOf(meta.error)} />;
  const columns = (meta.data?.columns ?? meta.data?.model?.columns ?? []).filter((c) => !c.system || c.pk);
  return (
    <div>
      <h1 className="mb-4 text-xl font-semibold">{meta.data?.title ?? meta.data?.model?.title}</h1>
      <Table
        size="small"
        bordered
        loading={meta.isPending || rows.isPending}
        dataSource={rows.data?.list ?? []}
        rowKey={(r) => JSON.stringify(r)}
        pagination={false}
        locale={{ emptyText: t('table.noRows') }}
        columns={columns.map((c) => ({
          key: c.id,
          title: c.title,
          dataIndex: c.title,
          render: (v: unknown) => (v == null ? '' : String(v)),
        }))}
      />
    </div>
  );
}
