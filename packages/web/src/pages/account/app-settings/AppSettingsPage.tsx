/** App settings for the super admin: invite-only sign-up and how long audit entries are kept. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { InputNumber, Spin, Switch } from 'antd';
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
        <div className="flex flex-col gap-4">
          <label className="flex items-center gap-3">
            <Switch
              checked={!!settings.data?.invite_only_signup}
              loading={save.isPending}
              onChange={(on) => save.mutate({ invite_only_signup: on })}
            />
            <span>{t('account.inviteOnlySignup')}</span>
          </label>
          <label className="flex items-center gap-3">
            <InputNumber
              key={settings.data?.audit_retention_days}
              min={0}
              max={36500}
              precision={0}
              className="w-28"
              data-testid="audit-retention"
              defaultValue={settings.data?.audit_retention_days ?? 0}
              onBlur={(e) => {
                const days = Number(e.target.value || 0);
                if (Number.isInteger(days) && days !== settings.data?.audit_retention_days)
                  save.mutate({ audit_retention_days: days });
              }}
            />
            <span>{t('account.auditRetention')}</span>
          </label>
        </div>
      )}
    </>
  );
}
