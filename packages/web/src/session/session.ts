/**
 * The session (docs/behaviour/auth.md): the token lives in the stored settings; signed in while it decodes and has not
 * expired; refreshed 5 minutes before expiry; concurrent refresh requests share one call; sign-out clears the
 * token and every cached store.
 */
import { useSyncExternalStore } from 'react';
import { queryClient } from '../app/query-client';
import { decodeToken, isTokenLive, msUntilRefresh, type TokenPayload } from './jwt';
import { getSettings, subscribeSettings, updateSettings } from './stored-settings';

const REFRESH_PATH = '/api/v1/auth/token/refresh';
const SIGNOUT_PATH = '/api/v1/auth/user/signout';
/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function getToken(): string | null {
  return getSettings().token;
}

export function isSignedIn(now = Date.now()): boolean {
  return isTokenLive(getToken(), now);
}

export function tokenPayload(): TokenPayload | null {
  const token = getToken();
  if (!token) return null;
  try {
    return decodeToken(token);
  } catch {
    return null;
  }
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/** Stores a new token (or clears it) and schedules its refresh. */
export function setToken(token: string | null): void {
  if (token) decodeToken(token); // throws 'Invalid token specified' before anything is stored
  updateSettings({ token });
  scheduleRefresh();
}

function scheduleRefresh(): void {
  clearTimeout(refreshTimer);
  const token = getToken();
  if (!token) return;
  let wait: number;
  try {
    wait = msUntilRefresh(token, Date.now());
  } catch {
    return;
  }
  refreshTimer = setTimeout(
    () => {
      void refreshSession().then((ok) => {
        if (!ok && getToken()) void signOut({ forced: true });
      });
    },
    Math.min(wait, MAX_TIMER_MS),
  );
}

let pendingRefresh: Promise<boolean> | null = null;

/**
 * Asks the server for a new access token using the refresh cookie. Callers that arrive while one refresh is
 * running share it, so a burst of 401s makes exactly one refresh call.
 */
export function refreshSession(): Promise<boolean> {
  pendingRefresh ??= (async () => {
    try {
      const res = await fetch(REFRESH_PATH, {
        method: 'POST',
        credentials: 'include',
        headers: { 'xc-gui': 'true' },
      });
      if (!res.ok) return false;
      const body = (await res.json()) as { token?: unknown };
      if (typeof body.token !== 'string') return false;
      setToken(body.token);
      return true;
    } catch {
      return false;
    } finally {
      pendingRefresh = null;
    }
  })();
  return pendingRefresh;
}

type SignOutListener = (info: { forced: boolean }) => void;
const signOutListeners = new Set<SignOutListener>();

/** The shell registers here to toast and navigate after a sign-out. */
export function onSignOut(listener: SignOutListener): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/**
 * Signs out: tells the server (revoking the refresh cookie) unless forced by a failed refresh, clears the
 * token and discards every cached store.
 */
export async function signOut({ forced = false }: { forced?: boolean } = {}): Promise<void> {
  const token = getToken();
  if (!forced) {
    await fetch(SIGNOUT_PATH, {
      method: 'POST',
      credentials: 'include',
      headers: token ? { 'xc-gui': 'true', 'xc-auth': token } : { 'xc-gui': 'true' },
    }).catch(() => undefined);
  }
  clearTimeout(refreshTimer);
  updateSettings({ token: null, previewAs: null });
  queryClient.clear();
  for (const l of signOutListeners) l({ forced });
}

/** React view of the token; re-renders on sign-in, refresh and sign-out. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeSettings, getToken);
}

scheduleRefresh();
