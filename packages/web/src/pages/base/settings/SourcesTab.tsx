/**
 * The base's data sources, the schema changes made outside Rowbase with a sync button, and a form to connect a
 * new source from a template, with a connection test.
 */
import { useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import type { SourceMeta } from '@rowbase/core/api/meta';
import { useTranslation } from 'react-i18next';
import { sourcesApi, sourcesKey } from '../../../api/sources';
import { NewSourceForm } from './NewSourceForm';
import { SchemaChanges } from './SchemaChanges';

const STATUS = ['creating', 'created', 'deleting', 'deleted', 'failed'] as const;

export function SourcesTab({ baseId }: { baseId: string }) {
  const { t } = useTranslation();
  const sources = useQuery({ queryKey: sourcesKey(baseId), queryFn: () => sourcesApi.list(baseId) });
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <Table<SourceMeta>
        rowKey="id"
        size="small"
        pagination={false}
        loading={sources.isPending}
        dataSource={sources.data?.list ?? []}
        columns={[
          { title: t('label.name'), render: (_v, s) => s.alias ?? (s.is_meta ? t('sources.default') : s.id) },
          { title: t('label.type'), dataIndex: 'type' },
          {
            title: t('label.status'),
            dataIndex: 'status',
            render: (v?: number | null) =>
              v != null && STATUS[v] ? <Tag>{t(`sources.status.${STATUS[v]}`)}</Tag> : null,
          },
        ]}
      />
      <SchemaChanges baseId={baseId} />
      <NewSourceForm baseId={baseId} />
    </div>
  );
}
