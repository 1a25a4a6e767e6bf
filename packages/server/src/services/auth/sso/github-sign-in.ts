/**
 * Sign-in with GitHub, an OAuth app (GitHub is not an OpenID Connect provider): the browser is sent to
 * `{github}/login/oauth/authorize` with a state and a PKCE challenge; the code it comes back with is traded at
 * `{github}/login/oauth/access_token`, and the person's verified e-mail is read from `{api}/user/emails`
 * (the primary one when it is verified). See docs/plugins.md.
 */
import { badRequest } from '@rowbase/core/errors';
import { openidClient } from './openid-client.js';
import type { SsoProvider } from './sso-config.js';

/** What GitHub tells about the person. */
export interface GithubIdentity {
  email: string;
  emailVerified: boolean;
  name: string | null;
}

interface TokenAnswer {
  access_token?: string;
  error?: string;
  error_description?: string;
}

interface EmailEntry {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** The authorisation address for a started sign-in. */
export async function githubAuthorizeUrl(
  provider: SsoProvider,
  redirectUri: string,
  state: string,
  verifier: string,
): Promise<string> {
  const url = new URL(`${provider.issuer}/login/oauth/authorize`);
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', 'read:user user:email');
  url.searchParams.set('state', state);
  url.searchParams.set('allow_signup', 'true');
  url.searchParams.set('code_challenge', await (await openidClient()).calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.href;
}

const failed = (reason: string) => badRequest(`Sign-in with GitHub failed: ${reason}`);

/** Trades the code GitHub sent the browser back with for the person's e-mail and name. */
export async function githubIdentity(
  provider: SsoProvider,
  returned: URL,
  verifier: string,
): Promise<GithubIdentity> {
  const denied = returned.searchParams.get('error');
  if (denied) throw failed(returned.searchParams.get('error_description') ?? denied);
  const code = returned.searchParams.get('code');
  if (!code) throw badRequest('code: missing from the address GitHub sent back');
  const tokenRes = await call(`${provider.issuer}/login/oauth/access_token`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
      code,
      redirect_uri: `${returned.origin}${returned.pathname}`,
      code_verifier: verifier,
    }).toString(),
  });
  const token = (await tokenRes.json().catch(() => ({}))) as TokenAnswer;
  if (!token.access_token) {
    const reason = token.error
      ? `${token.error}${token.error_description ? ` (${token.error_description})` : ''}`
      : `the token exchange answered ${tokenRes.status}`;
    throw failed(reason);
  }
  const api = (path: string) =>
    call(`${provider.apiUrl}${path}`, {
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${token.access_token}`,
        'user-agent': 'Rowbase',
        'x-github-api-version': '2022-11-28',
      },
    });
  const [userRes, emailsRes] = await Promise.all([api('/user'), api('/user/emails')]);
  if (!userRes.ok) throw failed(`reading the user answered ${userRes.status}`);
  if (!emailsRes.ok) throw failed(`reading the e-mail addresses answered ${emailsRes.status}`);
  const user = (await userRes.json()) as { login?: string; name?: string | null };
  const emails = (await emailsRes.json()) as EmailEntry[];
  const chosen =
    emails.find((e) => e.primary && e.verified) ??
    emails.find((e) => e.verified) ??
    emails.find((e) => e.primary);
  const name = (user.name ?? '').trim() || (user.login ?? '').trim();
  return {
    email: (chosen?.email ?? '').trim().toLowerCase(),
    emailVerified: chosen?.verified === true,
    name: name ? name.slice(0, 255) : null,
  };
}

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    throw failed(`GitHub could not be reached (${(err as Error).message})`);
  }
}
