import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./notify', () => ({ notifyError: vi.fn(), notifyInfo: vi.fn(), errorMessageOf: vi.fn() }));

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const tokenFor = (name: string) =>
  `${b64({ alg: 'HS256' })}.${b64({ name, exp: Date.now() / 1000 + 3600 })}.sig`;

interface Call {
  url: string;
  auth: string | undefined;
}

/** A fake server: data calls answer 401 until the token is the refreshed one. */
function fakeFetch(refreshOk: boolean) {
  const calls: Call[] = [];
  const fresh = tokenFor('fresh');
  const fn = vi.fn(async (url: string, init: RequestInit) => {
    const auth = (init.headers as Record<string, string>)['xc-auth'];
    calls.push({ url, auth });
    await new Promise((r) => setTimeout(r, 5));
    if (url === '/api/v1/auth/token/refresh') {
      return refreshOk
        ? new Response(JSON.stringify({ token: fresh }), { status: 200 })
        : new Response(JSON.stringify({ msg: 'Invalid refresh token' }), { status: 401 });
    }
    if (url === '/api/v1/auth/user/signout') return new Response('{}', { status: 200 });
    if (auth !== fresh) return new Response(JSON.stringify({ msg: 'Invalid token' }), { status: 401 });
    return new Response(JSON.stringify({ ok: url }), { status: 200 });
  });
  return { fn, calls, fresh };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('401 handling', () => {
  it('makes concurrent 401s share one refresh and retries each request with the new token', async () => {
    const server = fakeFetch(true);
    vi.stubGlobal('fetch', server.fn);
    const { setToken } = await import('../session/session');
    const { api } = await import('./client');
    setToken(tokenFor('stale'));
    const replies = await Promise.all([api.get('/api/a'), api.get('/api/b'), api.get('/api/c')]);
    expect(replies).toEqual([{ ok: '/api/a' }, { ok: '/api/b' }, { ok: '/api/c' }]);
    expect(server.calls.filter((c) => c.url === '/api/v1/auth/token/refresh')).toHaveLength(1);
    expect(server.calls.filter((c) => c.url === '/api/a').map((c) => c.auth === server.fresh)).toEqual([
      false,
      true,
    ]);
  });

  it('signs out (clearing the token) when the refresh fails', async () => {
    const server = fakeFetch(false);
    vi.stubGlobal('fetch', server.fn);
    const { setToken, getToken, onSignOut } = await import('../session/session');
    const { api, ApiError } = await import('./client');
    const signedOut = vi.fn();
    onSignOut(signedOut);
    setToken(tokenFor('stale'));
    await expect(api.get('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(signedOut).toHaveBeenCalledWith({ forced: true });
    // A forced sign-out does not call the server's sign-out: the session is already gone there.
    expect(server.calls.some((c) => c.url === '/api/v1/auth/user/signout')).toBe(false);
  });

  it('turns error bodies into ApiErrors that core reads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ msg: 'Title is required' }), { status: 400 })),
    );
    const { api } = await import('./client');
    const { extractErrorMessage } = await import('@rowbase/core/errors');
    const error = await api.post('/api/x', {}).catch((e: unknown) => e);
    expect(extractErrorMessage(error as never)).toBe('Title is required');
  });
});
