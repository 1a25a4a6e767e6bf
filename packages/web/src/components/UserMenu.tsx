/** The signed-in user's menu: account settings, profile, sign out. */
import { Avatar } from 'antd';
import { Dropdown } from './still-popups';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMe } from '../api/auth';
import { signOut } from '../session/session';
import { trackEvent } from '../telemetry/use-page-events';
import { NotificationBell } from './NotificationBell';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe().data;
  if (!me?.email) return null;
  const name = me.display_name || me.email;
  return (
    <div className="flex min-w-0 items-center gap-1">
      <NotificationBell />
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'account', label: t('nav.accountSettings'), onClick: () => navigate('/account/profile') },
            { key: 'profile', label: t('nav.profile'), onClick: () => navigate('/profile') },
            { type: 'divider' },
            {
              key: 'signout',
              danger: true,
              label: t('action.signOut'),
              onClick: () => {
                trackEvent('a:signout');
                void signOut().then(() => navigate('/signin'));
              },
            },
          ],
        }}
      >
        <button
          type="button"
          className="flex min-w-0 items-center gap-2 rounded px-1 py-1 hover:bg-gray-100"
          data-testid="user-menu"
        >
          <Avatar size="small" style={{ backgroundColor: 'var(--rb-accent)' }}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <span className="truncate text-sm" data-testid="signed-in-as">
            {me.email}
          </span>
        </button>
      </Dropdown>
    </div>
  );
}
