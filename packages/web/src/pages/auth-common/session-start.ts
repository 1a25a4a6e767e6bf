/** What happens after sign-in or sign-up: keep the token, drop the old cache, go where the user wanted. */
import { queryClient } from '../../app/query-client';
import { setToken } from '../../session/session';
import { getSettings, updateSettings } from '../../session/stored-settings';

/** Only same-app paths are followed, never another origin (`//evil`, `https:`). */
export function safeContinuePath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** Stores the token and returns the path to go to next. */
export function startSession(token: string, continueParam: string | null): string {
  queryClient.clear();
  setToken(token);
  const next = safeContinuePath(continueParam) ?? safeContinuePath(getSettings().continueAfterSignIn) ?? '/';
  updateSettings({ continueAfterSignIn: null });
  return next;
}
