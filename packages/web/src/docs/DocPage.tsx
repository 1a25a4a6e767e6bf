/**
 * One page of a documentation base: its icon and title, the live editor, publishing with the public link, and the
 * snapshot history (docs/documentation-bases.md).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Switch, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMe } from '../api/auth';
import { usePermissions } from '../app/use-permissions';
import { getToken } from '../session/session';
import { useBaseParams } from '../pages/base/use-base';
import { useAsk } from './AskModal';
import { DocEditor } from './DocEditor';
import { DocHistory } from './DocHistory';
import { docPath, docsApi, docsPagesKey, publicDocUrl, useDocsPages } from './docs-api';
import { DocSync, type SyncStatus } from './doc-sync';

export function DocPage() {
  const { t } = useTranslation();
  const { baseId, typeOrId } = useBaseParams();
  const { pageId = '' } = useParams();
  const qc = useQueryClient();
  const { allowed } = usePermissions(baseId);
  const canManage = allowed('tableCreate');
  const me = useMe(baseId).data as { email?: string; display_name?: string | null } | undefined;
  const pages = useDocsPages(baseId).data?.list ?? [];
  const page = pages.find((p) => p.id === pageId);
  const [sync, setSync] = useState<DocSync | null>(null);
  const [status, setStatus] = useState<SyncStatus>('connecting');
  const [history, setHistory] = useState(false);
  const [ask, askModal] = useAsk();

  useEffect(() => {
    const s = new DocSync(pageId, getToken());
    setSync(s);
    const off = s.onStatus(setStatus);
    return () => {
      off();
      s.destroy();
    };
  }, [pageId]);

  const refresh = () => qc.invalidateQueries({ queryKey: docsPagesKey(baseId) });
  const update = useMutation({
    mutationFn: (body: { title?: string; icon?: string | null }) => docsApi.update(pageId, body),
    onSuccess: refresh,
  });
  const publish = useMutation({
    mutationFn: (published: boolean) => docsApi.publish(pageId, published),
    onSuccess: refresh,
  });

  if (!page) return null;
  const editable = status !== 'denied' && !!sync?.canEdit && allowed('dataEdit');
  return (
    <div className="mx-auto max-w-4xl p-6 lg:p-10" data-testid="doc-page">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <Tag data-testid="doc-sync-status" data-status={status}>
          {t(`docs.status.${status}`)}
        </Tag>
        <div className="flex-1" />
        {canManage && (
          <label className="flex items-center gap-2 text-sm">
            <Switch
              size="small"
              checked={page.published}
              loading={publish.isPending}
              data-testid="doc-publish"
              onChange={(v) => publish.mutate(v)}
            />
            {t('docs.publish')}
          </label>
        )}
        <Button size="small" data-testid="doc-history" onClick={() => setHistory(true)}>
          {t('docs.history')}
        </Button>
      </div>
      {page.published && (
        <Typography.Paragraph copyable className="text-xs" data-testid="doc-public-link">
          {publicDocUrl(page.id)}
        </Typography.Paragraph>
      )}
      <div className="mb-4 flex items-center gap-2">
        <button
          type="button"
          className="text-3xl"
          disabled={!canManage}
          data-testid="doc-icon"
          aria-label={t('docs.changeIcon')}
          onClick={() =>
            void ask(t('docs.changeIcon'), page.icon ?? '').then((icon) => {
              if (icon !== null) update.mutate({ icon: icon.trim() || null });
            })
          }
        >
          {page.icon ?? '📄'}
        </button>
        <Input
          key={page.id + page.title}
          variant="borderless"
          className="!text-3xl !font-semibold"
          defaultValue={page.title}
          readOnly={!canManage}
          data-testid="doc-title"
          aria-label={t('label.title')}
          onBlur={(e) => {
            const title = e.target.value.trim();
            if (title && title !== page.title) update.mutate({ title });
          }}
          onPressEnter={(e) => e.currentTarget.blur()}
        />
      </div>
      {sync && (
        <DocEditor
          key={pageId}
          sync={sync}
          editable={editable}
          userName={me?.display_name || me?.email || ''}
          pages={pages}
          pageHref={(id) => `#${docPath(typeOrId, baseId, id)}`}
        />
      )}
      {askModal}
      <DocHistory
        pageId={pageId}
        open={history}
        canSnapshot={allowed('dataEdit')}
        canRestore={canManage}
        onClose={() => setHistory(false)}
      />
    </div>
  );
}
