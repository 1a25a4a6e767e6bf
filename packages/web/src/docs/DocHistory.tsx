/** The snapshot history of a page: take a snapshot, preview one, restore it (docs/documentation-bases.md). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Tag } from 'antd';
import { Popconfirm } from '../components/still-popups';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { docsApi } from './docs-api';
import { DocView } from './DocView';

export function DocHistory(props: {
  pageId: string;
  open: boolean;
  canSnapshot: boolean;
  canRestore: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = ['docs-snapshots', props.pageId];
  const list = useQuery({
    queryKey: key,
    queryFn: () => docsApi.snapshots(props.pageId),
    enabled: props.open,
  });
  const [previewId, setPreviewId] = useState<string | null>(null);
  const preview = useQuery({
    queryKey: ['docs-snapshot', props.pageId, previewId],
    queryFn: () => docsApi.snapshot(props.pageId, previewId!),
    enabled: !!previewId,
  });
  const take = useMutation({
    mutationFn: () => docsApi.takeSnapshot(props.pageId),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  const restore = useMutation({
    mutationFn: (id: string) => docsApi.restore(props.pageId, id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: key });
      props.onClose();
    },
  });
  return (
    <Drawer open={props.open} onClose={props.onClose} title={t('docs.history')} size={480}>
      {props.canSnapshot && (
        <Button
          type="primary"
          loading={take.isPending}
          data-testid="doc-take-snapshot"
          onClick={() => take.mutate()}
        >
          {t('docs.takeSnapshot')}
        </Button>
      )}
      <ul className="mt-4 flex flex-col gap-2" data-testid="doc-snapshots">
        {(list.data?.list ?? []).map((s) => (
          <li key={s.id} className="rounded border border-gray-200 p-2" data-testid="doc-snapshot">
            <div className="flex items-center gap-2">
              <button type="button" className="flex-1 text-start text-sm" onClick={() => setPreviewId(s.id)}>
                {new Date(s.created_at).toLocaleString()}
              </button>
              <Tag>{t(`docs.snapshotKind.${s.kind}`)}</Tag>
              {props.canRestore && (
                <Popconfirm
                  title={t('docs.restoreConfirm')}
                  okText={t('docs.restore')}
                  onConfirm={() => restore.mutate(s.id)}
                >
                  <Button size="small" data-testid="doc-restore">
                    {t('docs.restore')}
                  </Button>
                </Popconfirm>
              )}
            </div>
            {previewId === s.id && preview.data && (
              <div className="mt-2 max-h-64 overflow-auto border-t border-gray-100 pt-2 text-sm">
                <DocView content={preview.data.content} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </Drawer>
  );
}
