import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { Select } from '../../components/still-pickers';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BASE_KINDS, basesApi, basesKey, type BaseKind } from '../../api/bases';
import { basePath } from '../../app/nav-paths';
import { TitleModal } from '../../components/TitleModal';
import { trackEvent } from '../../telemetry/use-page-events';

export function CreateBaseModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: (v: { title: string; type: BaseKind }) => basesApi.create(v),
    onSuccess: (base) => {
      trackEvent('a:base:create', { type: base.type });
      void qc.invalidateQueries({ queryKey: basesKey });
      onClose();
      navigate(basePath(base.id, base.fk_workspace_id));
    },
  });
  return (
    <TitleModal
      open={open}
      title={t('base.createTitle')}
      okText={t('action.create')}
      pending={create.isPending}
      onCancel={onClose}
      onSubmit={(title, v) => create.mutate({ title, type: (v.type as BaseKind) ?? 'database' })}
      extra={
        <Form.Item name="type" label={t('label.baseKind')} initialValue="database">
          <Select
            data-testid="base-kind"
            options={BASE_KINDS.map((k) => ({ value: k, label: t(`baseKind.${k}`) }))}
          />
        </Form.Item>
      }
    />
  );
}
