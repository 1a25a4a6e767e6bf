/**
 * Sign-in by an external identity provider (docs/behaviour/web-app.md): when the address carries scope, state and code, trade
 * the code for a token, clean the address and reload (keeping continueAfterSignIn in the hash when given).
 * Returns true when the page is about to reload.
 */
import { authApi } from '../api/auth';
import { notifyError } from '../api/notify';
import { setToken } from './session';

/** The provider is the state's first part: the server makes states like `oidc.<random>`. */
export function providerOf(state: string | null): 'google' | 'github' | 'oidc' {
  const name = state?.split('.')[0];
  if (name === 'github' || name === 'oidc') return name;
  return 'google';
}

export async function handleIdentityCallback(): Promise<boolean> {
  const params = new URLSearchParams(location.search);
  if (!(params.has('scope') || params.has('state')) || !params.has('code')) return false;
  try {
    const reply = await authApi.genTokenByCode(providerOf(params.get('state')), location.search);
    const token = reply.data?.token ?? reply.token;
    if (token) setToken(token);
    const next = reply.data?.extra?.continueAfterSignIn;
    location.replace(`${location.pathname}${next ? `#${next}` : location.hash}`);
    return true;
  } catch (error) {
    notifyError(error);
    history.replaceState(null, '', `${location.pathname}${location.hash}`);
    return false;
  }
}
