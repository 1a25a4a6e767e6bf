/**
 * Schema changes made outside Rowbase (tables and columns added, removed or retyped in a source's database),
 * read from the meta-diff call, with a button that syncs them into the base. After a sync the sidebar's
 * tables and every open table's fields are refetched, so a table created outside appears without a reload.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { notifySuccess } from '../../../api/notify';
import { tablesKey } from '../../../api/tables';

interface DetectedChange {
  type: string;
  msg: string;
  column?: string;
}

interface DiffEntry {
  table_name: string;
  source_id: string;
  title: string;
  detectedChanges: DetectedChange[];
}

const KNOWN_CHANGES = new Set([
  'TABLE_NEW',
  'TABLE_REMOVE',
  'TABLE_COLUMN_ADD',
  'TABLE_COLUMN_REMOVE',
  'TABLE_COLUMN_TYPE_CHANGE',
  'TABLE_RELATION_ADD',
]);

export const metaDiffKey = (baseId: string) => ['base', baseId, 'meta-diff'] as const;

export function SchemaChanges({ baseId }: { baseId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const path = `/api/v1/db/meta/projects/${baseId}/meta-diff`;
  const diff = useQuery({ queryKey: metaDiffKey(baseId), queryFn: () => api.get<DiffEntry[]>(path) });
  const sync = useMutation({
    mutationFn: () => api.post<unknown>(path, {}),
    onSuccess: async () => {
      notifySuccess(t('sources.synced'));
      await Promise.all([
        qc.invalidateQueries({ queryKey: metaDiffKey(baseId) }),
        qc.invalidateQueries({ queryKey: tablesKey(baseId) }),
        qc.invalidateQueries({ queryKey: ['table'] }),
      ]);
    },
  });
  const entries = diff.data ?? [];
  const describe = (c: DetectedChange) =>
    KNOWN_CHANGES.has(c.type) ? t(`sources.change.${c.type}`, { column: c.column ?? '' }) : c.msg;

  return (
    <section className="flex flex-col gap-2" data-testid="schema-changes">
      <div className="flex items-center gap-2">
        <h3 className="m-0 text-sm font-semibold">{t('sources.schemaChanges')}</h3>
        <div className="flex-1" />
        <Button size="small" onClick={() => void diff.refetch()} loading={diff.isFetching}>
          {t('sources.checkAgain')}
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!entries.length}
          loading={sync.isPending}
          onClick={() => sync.mutate()}
          data-testid="schema-sync"
        >
          {t('sources.sync')}
        </Button>
      </div>
      {!diff.isPending && !entries.length && (
        <Alert type="success" showIcon title={t('sources.inSync')} data-testid="schema-in-sync" />
      )}
      {entries.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={entries}
          renderItem={(e) => (
            <List.Item data-testid="schema-change">
              <span className="font-medium">{e.title}</span>
              <span className="text-gray-600">{e.detectedChanges.map(describe).join(', ')}</span>
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
