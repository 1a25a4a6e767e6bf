/**
 * When a shared view or base shows its password prompt, and with what message: a 403
 * INVALID_SHARED_VIEW_PASSWORD asks (saying "wrong" once a password was tried); wrong passwords are
 * rate-limited, so a 429 after a tried password keeps the prompt with the server's message.
 */
import { extractErrorMessage } from '@rowbase/core/errors';
import { ApiError } from '../../api/client';

export function isPasswordError(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const data = error.response.data as { error?: string } | undefined;
  return data?.error === 'INVALID_SHARED_VIEW_PASSWORD';
}

/**
 * Undefined when no prompt is due, else the message to show under it ('' before any password was tried).
 * @example promptError(refused403, 'guess', 'Wrong password') // 'Wrong password'
 */
export function promptError(error: unknown, password: string | null, wrongText: string): string | undefined {
  if (isPasswordError(error)) return password === null ? '' : wrongText;
  if (password !== null && error instanceof ApiError && error.status === 429)
    return extractErrorMessage(error);
  return undefined;
}
