/** App settings for the super admin: invite-only sign-up. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Spin, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { appInfoKey } from '../../../api/app-info';
import { notifySuccess } from '../../../api/notify';
import { orgUsersApi } from '../../../api/org-users';
import { usePermissions } from '../../../app/use-permissions';
import { NotFoundPage } from '../../error/NotFoundPage';

export function AppSettingsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { org, loaded } = usePermissions();
  const settings = useQuery({
    queryKey: ['app-settings'],
    queryFn: orgUsersApi.appSettings,
    enabled: !!org.super,
  });
  const save = useMutation({
    mutationFn: orgUsersApi.saveAppSettings,
    onSuccess: () => {
      notifySuccess(t('msg.saved'));
      void qc.invalidateQueries({ queryKey: ['app-settings'] });
      void qc.invalidateQueries({ queryKey: appInfoKey });
    },
  });
  if (loaded && !org.super) return <NotFoundPage />;
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('account.appSettings')}</h1>
      {settings.isPending ? (
        <Spin />
      ) : (
        <label className="flex items-center gap-3">
          <Switch
            checked={!!settings.data?.invite_only_signup}
            loading={save.isPending}
            onChange={(on) => save.mutate({ invite_only_signup: on })}
          />
          <span>{t('account.inviteOnlySignup')}</span>
        </label>
      )}
    </>
  );
}
