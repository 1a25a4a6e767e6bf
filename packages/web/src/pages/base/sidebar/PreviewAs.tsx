/**
 * Preview-as (docs/behaviour/roles.md): an owner or creator sees the base as a lower role would. The role is stored, sent as a
 * header on every call, and replaces the real base roles in the UI's permission checks until switched off.
 */
import { useQueryClient } from '@tanstack/react-query';
import { BASE_ROLES } from '@rowbase/core/permissions/roles';
import { Select } from '../../../components/still-pickers';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/auth';
import { toRoleMap } from '../../../app/use-permissions';
import { getSettings, subscribeSettings, updateSettings } from '../../../session/stored-settings';

const PREVIEWABLE = BASE_ROLES.filter((r) => r !== 'owner' && r !== 'no-access');

export function PreviewAs({ baseId }: { baseId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const me = useMe(baseId).data;
  const previewAs = useSyncExternalStore(subscribeSettings, () => getSettings().previewAs);
  const base = toRoleMap(me?.base_roles);
  const org = toRoleMap(me?.roles);
  if (!(org.super || base.owner || base.creator)) return null;
  return (
    <label className="mt-3 flex flex-col gap-1 px-2 text-xs text-gray-500">
      {t('preview.label')}
      <Select
        size="small"
        value={previewAs ?? ''}
        data-testid="preview-as"
        options={[
          { value: '', label: t('preview.off') },
          ...PREVIEWABLE.map((r) => ({ value: r, label: t(`role.${r}`) })),
        ]}
        onChange={(value: string) => {
          updateSettings({ previewAs: value || null });
          void qc.invalidateQueries();
        }}
      />
    </label>
  );
}
