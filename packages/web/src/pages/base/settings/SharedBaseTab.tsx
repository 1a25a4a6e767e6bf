/** Share the whole base by link (read-only or editable), or stop sharing it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Space, Spin } from 'antd';
import { Select } from '../../../components/still-pickers';
import { useTranslation } from 'react-i18next';
import { basesApi } from '../../../api/bases';

export function SharedBaseTab({ baseId }: { baseId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = ['base', baseId, 'shared'];
  const shared = useQuery({ queryKey: key, queryFn: () => basesApi.shared(baseId), meta: { silent: true } });
  const done = () => qc.invalidateQueries({ queryKey: key });
  const enable = useMutation({ mutationFn: () => basesApi.createShared(baseId), onSuccess: done });
  const setRole = useMutation({
    mutationFn: (roles: string) => basesApi.updateShared(baseId, roles),
    onSuccess: done,
  });
  const disable = useMutation({ mutationFn: () => basesApi.disableShared(baseId), onSuccess: done });
  if (shared.isPending) return <Spin />;
  const uuid = shared.data?.uuid;
  const link = uuid ? `${location.origin}${location.pathname}#/base/${uuid}` : null;
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <p className="text-sm text-gray-600">{t('share.baseHint')}</p>
      {link ? (
        <>
          <Input readOnly value={link} data-testid="shared-base-link" />
          <Space wrap>
            <Select
              value={shared.data?.roles ?? 'viewer'}
              onChange={(v: string) => setRole.mutate(v)}
              options={[
                { value: 'viewer', label: t('share.readOnly') },
                { value: 'editor', label: t('share.editable') },
              ]}
              style={{ minWidth: 160 }}
            />
            <Button danger onClick={() => disable.mutate()} loading={disable.isPending}>
              {t('share.disable')}
            </Button>
          </Space>
        </>
      ) : (
        <Button
          type="primary"
          onClick={() => enable.mutate()}
          loading={enable.isPending}
          className="self-start"
        >
          {t('share.enable')}
        </Button>
      )}
    </div>
  );
}
