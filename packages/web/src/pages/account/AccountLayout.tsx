/** Account pages: a sidebar menu (profile, users, API tokens, app settings, plugins) beside the chosen page. */
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router-dom';
import { usePermissions } from '../../app/use-permissions';
import { SidebarFrame } from '../../components/SidebarFrame';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-2 py-1 text-sm ${isActive ? 'bg-indigo-50 text-indigo-700' : 'text-gray-800 hover:bg-gray-200'}`;

export function AccountLayout() {
  const { t } = useTranslation();
  const { org } = usePermissions();
  const superAdmin = !!org.super;
  return (
    <SidebarFrame
      sidebar={
        <nav className="flex flex-col gap-0.5 px-2" aria-label={t('nav.accountSettings')}>
          <NavLink to="/" className="px-2 pb-2 text-xs text-gray-500 hover:text-gray-800">
            <span className="inline-block rtl:rotate-180">←</span> {t('nav.allBases')}
          </NavLink>
          <NavLink to="/account/profile" className={linkClass}>
            {t('account.profile')}
          </NavLink>
          {superAdmin && (
            <NavLink to="/account/users" className={linkClass} data-testid="nav-users">
              {t('account.users')}
            </NavLink>
          )}
          <NavLink to="/account/tokens" className={linkClass}>
            {t('account.tokens')}
          </NavLink>
          {superAdmin && (
            <NavLink to="/account/app-settings" className={linkClass}>
              {t('account.appSettings')}
            </NavLink>
          )}
          {superAdmin && (
            <NavLink to="/account/plugins" className={linkClass} data-testid="nav-plugins">
              {t('account.plugins')}
            </NavLink>
          )}
        </nav>
      }
    >
      <div className="max-w-4xl p-6 lg:p-8">
        <Outlet />
      </div>
    </SidebarFrame>
  );
}
