/** /account/{page}: picks the account page by name; an unknown name is a missing page. */
import { useParams } from 'react-router-dom';
import { NotFoundPage } from '../error/NotFoundPage';
import { AppSettingsPage } from './app-settings/AppSettingsPage';
import { PluginsPage } from './plugins/PluginsPage';
import { AccountProfilePage } from './profile/AccountProfilePage';
import { AccountTokensPage } from './tokens/AccountTokensPage';

export function AccountPage() {
  const { page } = useParams();
  if (page === 'profile') return <AccountProfilePage />;
  if (page === 'tokens') return <AccountTokensPage />;
  if (page === 'app-settings') return <AppSettingsPage />;
  if (page === 'plugins') return <PluginsPage />;
  return <NotFoundPage />;
}
