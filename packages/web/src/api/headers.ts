/**
 * Headers every call carries (docs/api-compatibility.md): the GUI marker, the auth token when signed in, the shared base or
 * shared ERD id (which replace the auth token), the preview-as role, and the anti-forgery header.
 */

export interface HeaderContext {
  token: string | null;
  sharedBaseId?: string | null;
  sharedErdId?: string | null;
  previewAs?: string | null;
  /** Value of the XSRF-TOKEN cookie, if the server set one. */
  xsrfToken?: string | null;
  /** Password of the protected shared base being shown (`xc-password`). */
  password?: string | null;
}

/** Calls that must see the real roles, never the previewed ones. */
const PREVIEW_EXEMPT = ['/api/v1/auth/user/me', '/api/v1/admin/roles'];

export function buildHeaders(path: string, ctx: HeaderContext): Record<string, string> {
  const headers: Record<string, string> = { 'xc-gui': 'true' };
  if (ctx.sharedBaseId) headers['xc-shared-base-id'] = ctx.sharedBaseId;
  else if (ctx.sharedErdId) headers['xc-shared-erd-id'] = ctx.sharedErdId;
  else if (ctx.token) headers['xc-auth'] = ctx.token;
  const bare = path.split('?')[0] ?? path;
  if (ctx.previewAs && !PREVIEW_EXEMPT.includes(bare)) headers['xc-preview'] = ctx.previewAs;
  if (ctx.xsrfToken) headers['X-XSRF-TOKEN'] = ctx.xsrfToken;
  if (ctx.password && ctx.sharedBaseId) headers['xc-password'] = ctx.password;
  return headers;
}

/** Reads one cookie by name from a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}
