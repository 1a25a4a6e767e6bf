/** Plugins for the super admin: each e-mail and storage plugin with its state, a switch and its settings form. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Spin, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../api/notify';
import { pluginsApi, pluginsKey, type Plugin } from '../../../api/plugins';
import { usePermissions } from '../../../app/use-permissions';
import { NotFoundPage } from '../../error/NotFoundPage';
import { PluginSettingsModal } from './PluginSettingsModal';

export function PluginsPage() {
  const { t } = useTranslation();
  const { org, loaded } = usePermissions();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Plugin | null>(null);
  const plugins = useQuery({ queryKey: pluginsKey, queryFn: pluginsApi.list, enabled: !!org.super });
  const toggle = useMutation({
    mutationFn: (v: { id: string; active: boolean }) => pluginsApi.save(v.id, { active: v.active }),
    onSuccess: () => {
      notifySuccess(t('msg.saved'));
      void qc.invalidateQueries({ queryKey: pluginsKey });
    },
  });
  if (loaded && !org.super) return <NotFoundPage />;
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('account.plugins')}</h1>
      {plugins.isPending ? (
        <Spin />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {plugins.data?.list.map((p) => (
            <Card
              key={p.id}
              size="small"
              data-testid={`plugin-${p.title}`}
              title={
                <span className="flex items-center gap-2">
                  {p.title}
                  <Tag>{t(`plugins.category.${p.category}`, { defaultValue: p.category })}</Tag>
                </span>
              }
              extra={
                <Switch
                  aria-label={t('plugins.isActive')}
                  checked={p.active}
                  disabled={!p.input}
                  loading={toggle.isPending && toggle.variables?.id === p.id}
                  onChange={(active) => toggle.mutate({ id: p.id, active })}
                  data-testid="plugin-active"
                />
              }
            >
              <p className="mb-3 text-sm text-gray-700">{p.description}</p>
              <div className="flex items-center justify-between">
                <span className="text-xs text-gray-500">
                  {p.active
                    ? t('plugins.isActive')
                    : p.input
                      ? t('plugins.configured')
                      : t('plugins.notConfigured')}
                </span>
                <Button size="small" onClick={() => setEditing(p)} data-testid="plugin-configure">
                  {t('plugins.configure')}
                </Button>
              </div>
            </Card>
          ))}
        </div>
      )}
      {editing && <PluginSettingsModal plugin={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
