import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { tablesApi, tablesKey } from '../../../api/tables';
import { tablePath } from '../../../app/nav-paths';
import { TitleModal } from '../../../components/TitleModal';
import { trackEvent } from '../../../telemetry/use-page-events';

export function CreateTableModal({
  baseId,
  open,
  onClose,
}: {
  baseId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: (title: string) => tablesApi.create(baseId, { title }),
    onSuccess: (table) => {
      trackEvent('a:table:create');
      void qc.invalidateQueries({ queryKey: tablesKey(baseId) });
      onClose();
      navigate(tablePath(baseId, table.id));
    },
  });
  return (
    <TitleModal
      open={open}
      title={t('table.createTitle')}
      okText={t('action.create')}
      pending={create.isPending}
      onCancel={onClose}
      onSubmit={(title) => create.mutate(title)}
    />
  );
}
