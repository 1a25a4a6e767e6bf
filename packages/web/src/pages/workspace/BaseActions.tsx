/** Rename, duplicate and delete of one base, each shown only when the user's roles allow it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BaseMeta } from '@rowbase/core/api/meta';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { basesApi, basesKey } from '../../api/bases';
import { basePath } from '../../app/nav-paths';
import { usePermissions } from '../../app/use-permissions';
import { ActionsMenu, confirmDelete, menuItems } from '../../components/ActionsMenu';
import { TitleModal } from '../../components/TitleModal';
import { followJob } from '../../jobs/running-jobs';
import { BASE_COPY_JOB, useBaseCopyOutcome } from './base-copy-jobs';

/** Roles in each listed base come from `/auth/user/me?base_id=`, the same call the guard makes on entering it. */
export function BaseActions({ base }: { base: BaseMeta }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { allowed } = usePermissions(base.id);
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: basesKey });
  const copyOutcome = useBaseCopyOutcome();
  const rename = useMutation({
    mutationFn: (title: string) => basesApi.update(base.id, { title }),
    onSuccess: () => {
      setRenaming(false);
      void refresh();
    },
  });
  // The copy exists at once but is filled by a job: its card shows the progress until the job ends.
  const duplicate = useMutation({
    mutationFn: () => basesApi.duplicate(base.id),
    onSuccess: (job) => {
      followJob(
        { id: job.id, kind: BASE_COPY_JOB, baseId: job.base_id, title: job.base?.title ?? base.title },
        copyOutcome,
      );
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: () => basesApi.delete(base.id), onSuccess: () => void refresh() });

  const items = menuItems([
    allowed('baseRename') && {
      key: 'rename',
      label: t('action.rename'),
      onClick: () => setRenaming(true),
    },
    allowed('baseDuplicate') && {
      key: 'duplicate',
      label: t('action.duplicate'),
      onClick: () => duplicate.mutate(),
    },
    allowed('settingsPage') && {
      key: 'audit',
      label: t('audit.title'),
      onClick: () => navigate(`${basePath(base.id)}/audit`),
    },
    allowed('baseDelete') && {
      key: 'delete',
      danger: true,
      label: t('action.delete'),
      onClick: () =>
        confirmDelete(t, t('base.deleteConfirm', { title: base.title }), () => remove.mutateAsync()),
    },
  ]);
  if (!items.length) return null;
  return (
    <>
      <ActionsMenu items={items} testId={`base-actions-${base.title}`} />
      <TitleModal
        open={renaming}
        title={t('base.renameTitle')}
        initial={base.title}
        pending={rename.isPending}
        onCancel={() => setRenaming(false)}
        onSubmit={(title) => rename.mutate(title)}
      />
    </>
  );
}
