import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markDraining } from '../src/scale/health-routes.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';

describe.each(testDatabases())('app info on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  it('answers health with OK', async () => {
    const res = await server.api.get('/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('OK');
  });

  it('serves app info with its fields', async () => {
    const res = await server.api.get('/api/v1/db/meta/nocodb/info');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      authType: 'jwt',
      firstUser: true,
      defaultLimit: 25,
      ncAttachmentFieldSize: 20,
      ncMaxAttachmentsAllowed: 10,
      inviteOnlySignup: false,
      automationLogLevel: 'OFF',
    });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await server.api.get('/api/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ msg: expect.stringContaining('not found') });
  });

  it('signs up the first user as super admin and reads them back', async () => {
    const signup = await server.api.post('/api/v1/auth/user/signup', {
      email: 'Admin@Example.com',
      password: 'Password123!',
    });
    expect(signup.status).toBe(200);
    const me = await server.api.get('/api/v1/auth/user/me', { token: signup.body.token });
    expect(me.body).toMatchObject({ email: 'admin@example.com', roles: { super: true } });
    const guest = await server.api.get('/api/v1/auth/user/me');
    expect(guest.body).toEqual({ roles: { guest: true } });
  });

  it('answers NocoDB clients that add a trailing slash', async () => {
    const signin = await server.api.post('/api/v1/auth/user/signin', {
      email: 'admin@example.com',
      password: 'Password123!',
    });
    const withSlash = await server.api.get('/api/v1/db/meta/projects/', { token: signin.body.token });
    const without = await server.api.get('/api/v1/db/meta/projects', { token: signin.body.token });
    expect(withSlash.status).toBe(200);
    expect(withSlash.body).toEqual(without.body);
  });

  // Last: the server stays draining.
  it('turns requests away with 503 and Retry-After once draining, before they change anything', async () => {
    markDraining(server.app);
    const res = await server.api.post('/api/v1/auth/user/signup', {
      email: 'late@example.com',
      password: 'Password123!',
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.headers.get('connection')).toBe('close');
    expect(res.body.msg).toBe('This server is shutting down; send the request again');
    expect(await server.ctx.users.byEmail('late@example.com')).toBeUndefined();
    const ready = await server.api.get('/api/v1/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ ready: false, reason: 'draining' });
  });
});
