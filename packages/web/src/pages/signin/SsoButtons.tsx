/**
 * "Sign in with …" buttons for the identity providers the server has configured. Each is a plain link to the
 * server, which sends the browser on to the provider; the provider sends it back with a code that
 * `handleIdentityCallback` trades for a session.
 */
import { Button, Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../api/app-info';

export function SsoButtons({ continueAfterSignIn }: { continueAfterSignIn: string | null }) {
  const { t } = useTranslation();
  const info = useAppInfo().data;
  const providers = [
    info?.oidcAuthEnabled && { id: 'oidc', name: info.oidcProviderName || 'OpenID Connect' },
    info?.googleAuthEnabled && { id: 'google', name: 'Google' },
    info?.githubAuthEnabled && { id: 'github', name: 'GitHub' },
  ].filter((p): p is { id: string; name: string } => Boolean(p));
  if (!providers.length) return null;
  const query = continueAfterSignIn ? `?continueAfterSignIn=${encodeURIComponent(continueAfterSignIn)}` : '';
  return (
    <>
      <Divider plain>{t('auth.or')}</Divider>
      {providers.map((p) => (
        <Button
          key={p.id}
          block
          className="mb-2"
          href={`/api/v1/auth/${p.id}${query}`}
          data-testid={`sso-${p.id}`}
        >
          {t('auth.signInWith', { name: p.name })}
        </Button>
      ))}
    </>
  );
}
