/** Only a super admin may point a source at a SQLite file on the server (it could name the meta store). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';

describe.each(testDatabases())('SQLite file sources on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let creator: string;
  let baseId: string;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rowbase-src-')), 'ext.db');

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = (await signUpUser(server.api)).token;
    const other = await signUpUser(server.api);
    const me = await server.api.get('/api/v1/auth/user/me', { token: other.token });
    const promoted = await server.api.patch(
      `/api/v1/users/${me.body.id}`,
      { roles: 'org-level-creator' },
      { token: admin },
    );
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    creator = (
      await server.api.post('/api/v1/auth/user/signin', { email: other.email, password: other.password })
    ).body.token;
    const base = await server.api.post('/api/v1/db/meta/projects', { title: 'Ext' }, { token: creator });
    expect(base.status, JSON.stringify(base.body)).toBe(200);
    baseId = base.body.id;
  });
  afterAll(async () => server?.close());

  it('refuses an org creator who names a SQLite file, in the test and on create', async () => {
    const test = await server.api.post(
      '/api/v1/db/meta/connection/test',
      { client: 'sqlite3', connection: { filename: server.ctx.config.db.connection } },
      { token: creator },
    );
    expect(test.status).toBe(403);
    expect(test.body.msg).toBe('Only a super admin can connect a SQLite file on the server');
    const create = await server.api.post(
      `/api/v1/db/meta/projects/${baseId}/bases`,
      { alias: 'ext', config: { client: 'sqlite3', connection: { filename: file } } },
      { token: creator },
    );
    expect(create.status).toBe(403);
    const sources = await server.api.get(`/api/v1/db/meta/projects/${baseId}/bases`, { token: creator });
    expect(sources.body.list).toHaveLength(1);
  });

  it('lets the super admin test a SQLite file', async () => {
    const res = await server.api.post(
      '/api/v1/db/meta/connection/test',
      { client: 'sqlite3', connection: { filename: file } },
      { token: admin },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
