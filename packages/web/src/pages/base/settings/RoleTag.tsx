/** A role shown in its docs/behaviour/roles.md colour. */
import { ROLE_COLOURS } from '@rowbase/core/permissions/roles';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** antd preset names for the role colours of docs/behaviour/roles.md (antd has no maroon: its nearest preset is magenta). */
const ANTD_COLOUR: Record<string, string> = {
  purple: 'purple',
  blue: 'blue',
  green: 'green',
  orange: 'orange',
  yellow: 'gold',
  maroon: 'magenta',
  red: 'red',
};

export function RoleTag({ role }: { role: string }) {
  const { t } = useTranslation();
  const colour = ROLE_COLOURS[role as keyof typeof ROLE_COLOURS];
  return (
    <Tag color={colour ? ANTD_COLOUR[colour] : undefined} data-role-colour={colour}>
      {t(`role.${role}`, { defaultValue: role })}
    </Tag>
  );
}
