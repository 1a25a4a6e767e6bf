/**
 * Toolbar "Share": create the view's public link, copy it, protect it with a password (or remove it), allow
 * CSV download, or disable the link (old links stop working at once).
 */
import type { ViewShareReply } from '@rowbase/core/api/shares';
import { Button, Input, Spin, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify';
import { usePermissions } from '../../app/use-permissions';
import { viewApi } from '../grid/view-settings';
import { sharedViewLink } from './share-link';
import { ViewType } from '@rowbase/core/api/meta';

interface Props {
  viewId: string;
  tableId: string;
  baseId: string;
  onError(message: string): void;
}

export function ShareMenu({ viewId, tableId, baseId, onError }: Props) {
  const { t } = useTranslation();
  const { allowed } = usePermissions(baseId);
  const [share, setShare] = useState<ViewShareReply | null>();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const canShare = allowed('viewShare');

  useEffect(() => {
    let live = true;
    viewApi
      .shares(tableId)
      .then((list) => live && setShare(list.find((s) => s.id === viewId && s.uuid) ?? null))
      .catch((e: unknown) => {
        if (live) setShare(null);
        onError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      live = false;
    };
  }, [tableId, viewId, onError]);

  const run = async (work: () => Promise<ViewShareReply | null>, done?: string) => {
    setBusy(true);
    try {
      setShare(await work());
      if (done) notifySuccess(done);
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  if (share === undefined) return <Spin size="small" />;
  const link = share?.uuid ? sharedViewLink(window.location.origin, share.type, share.uuid) : undefined;
  const isForm = share?.type === ViewType.FORM;

  return (
    <div className="flex w-96 flex-col gap-3" data-testid="share-menu">
      <div className="font-semibold">{t('share.viewTitle')}</div>
      {!link || !share ? (
        <Button
          type="primary"
          disabled={!canShare}
          loading={busy}
          onClick={() => void run(() => viewApi.share(viewId))}
          data-testid="share-create"
        >
          {t('share.createLink')}
        </Button>
      ) : (
        <>
          <p className="text-xs text-gray-500">{isForm ? t('share.formHint') : t('share.viewHint')}</p>
          <div className="flex gap-1">
            <Input readOnly value={link} data-testid="share-link" />
            <Button
              onClick={() =>
                void navigator.clipboard.writeText(link).then(
                  () => notifySuccess(t('share.copied')),
                  (e: unknown) => onError(String(e)),
                )
              }
              data-testid="share-copy"
            >
              {t('share.copyLink')}
            </Button>
          </div>
          <div className="flex gap-1">
            <Input.Password
              placeholder={t('label.password')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              data-testid="share-password"
            />
            <Button
              disabled={!password || busy}
              onClick={() =>
                void run(async () => {
                  const reply = await viewApi.updateShare(viewId, { password });
                  setPassword('');
                  return reply;
                }, t('msg.saved'))
              }
              data-testid="share-password-save"
            >
              {t('share.savePassword')}
            </Button>
          </div>
          {share.password && (
            <Button
              size="small"
              className="self-start"
              disabled={busy}
              onClick={() => void run(() => viewApi.updateShare(viewId, { password: null }), t('msg.saved'))}
              data-testid="share-password-clear"
            >
              🔒 {t('share.removePassword')}
            </Button>
          )}
          {!isForm && (
            <label className="flex items-center gap-2">
              <Switch
                size="small"
                checked={share.meta?.allowCSVDownload === true}
                disabled={busy}
                onChange={(on) =>
                  void run(() => viewApi.updateShare(viewId, { meta: { allowCSVDownload: on } }))
                }
                data-testid="share-allow-download"
              />
              {t('share.allowDownload')}
            </label>
          )}
          <Button
            danger
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await viewApi.unshare(viewId);
                return null;
              })
            }
            data-testid="share-disable"
          >
            {t('share.disableLink')}
          </Button>
        </>
      )}
    </div>
  );
}
