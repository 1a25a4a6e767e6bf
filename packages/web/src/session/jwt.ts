/** Reads (never verifies) the payload of the access token: who is signed in and until when. */

export interface TokenPayload {
  id?: string;
  email?: string;
  firstname?: string | null;
  lastname?: string | null;
  display_name?: string | null;
  roles?: string | Record<string, boolean>;
  /** Expiry, seconds since the epoch. */
  exp?: number;
  [claim: string]: unknown;
}

export class InvalidTokenError extends Error {
  constructor() {
    super('Invalid token specified');
    this.name = 'InvalidTokenError';
  }
}

function base64UrlDecode(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Decodes the payload part of a JWT; throws 'Invalid token specified' (docs/behaviour/web-app.md) when it cannot.
 * @example decodeToken('eyJhbGciOi...').exp // 1735689600
 */
export function decodeToken(token: string): TokenPayload {
  const part = token.split('.')[1];
  if (!part) throw new InvalidTokenError();
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(part));
    if (!payload || typeof payload !== 'object') throw new InvalidTokenError();
    return payload as TokenPayload;
  } catch {
    throw new InvalidTokenError();
  }
}

/** Signed in means: a token that decodes and whose expiry lies in the future (docs/behaviour/auth.md). */
export function isTokenLive(token: string | null, nowMs: number): boolean {
  if (!token) return false;
  try {
    const { exp } = decodeToken(token);
    return typeof exp === 'number' && exp * 1000 > nowMs;
  } catch {
    return false;
  }
}

/**
 * Milliseconds until the token should be refreshed: 5 minutes before it expires. A token that lives less than
 * that (a short NC_JWT_EXPIRES_IN) is refreshed half-way through its remaining life instead, so refreshing never
 * turns into a loop of back-to-back calls.
 */
export const REFRESH_BEFORE_EXPIRY_MS = 5 * 60 * 1000;
export function msUntilRefresh(token: string, nowMs: number): number {
  const { exp } = decodeToken(token);
  if (typeof exp !== 'number') return 0;
  const remaining = exp * 1000 - nowMs;
  if (remaining <= 0) return 0;
  return Math.max(remaining - REFRESH_BEFORE_EXPIRY_MS, Math.floor(remaining / 2));
}
