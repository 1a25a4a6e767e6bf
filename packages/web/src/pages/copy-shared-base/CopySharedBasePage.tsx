/** Copies a shared base (`?base=<shared uuid>`) into the signed-in user's bases through a duplicate call. */
import { useMutation } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api/client';
import { basePath } from '../../app/nav-paths';

export function CopySharedBasePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sharedId = params.get('base') ?? '';
  const copy = useMutation({
    mutationFn: () =>
      api.post<{ base_id?: string }>(`/api/v1/db/meta/duplicate/shared-base/${encodeURIComponent(sharedId)}`),
    onSuccess: (reply) => navigate(reply.base_id ? basePath(reply.base_id) : '/'),
  });
  return (
    <Result
      status="info"
      title={t('share.copyTitle')}
      extra={
        <Button type="primary" disabled={!sharedId} loading={copy.isPending} onClick={() => copy.mutate()}>
          {t('action.copy')}
        </Button>
      }
    />
  );
}
