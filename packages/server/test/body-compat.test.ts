/**
 * Request bodies as NocoDB clients send them: the `nocodb-sdk` Api client sends body-less calls (sharing a
 * view with `dbViewShare.create`, deletes, ...) with `Content-Type: application/x-www-form-urlencoded` and an
 * empty body. Every body-less POST/PATCH/DELETE must take that (and an empty body under any other type),
 * and urlencoded bodies with content are read like JSON ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { adminToken, insertRows, seedTable, type SeededTable } from './view-fixtures.js';

const URLENCODED = 'application/x-www-form-urlencoded';

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

describe.each(testDatabases())('request bodies on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let t: SeededTable;

  /** What the SDK sends: the method, a content type, an empty body. */
  async function send(
    method: string,
    path: string,
    opts: { token?: string; contentType?: string; body?: string; cookie?: string } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { 'content-type': opts.contentType ?? URLENCODED };
    if (opts.token) headers['xc-auth'] = opts.token;
    if (opts.cookie) headers.cookie = opts.cookie;
    const res = await fetch(server.url + path, { method, headers, body: opts.body ?? '' });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  async function json(method: 'post' | 'patch', path: string, body: unknown, token = t.token) {
    const res = await server.api[method](path, body, { token });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await adminToken(server);
    t = await seedTable(server, [
      { title: 'Price', uidt: 'Number' },
      { title: 'Notes', uidt: 'SingleLineText' },
    ]);
  });
  afterAll(async () => server?.close());

  it('shares a view from an empty urlencoded POST, as nocodb-sdk dbViewShare.create sends it', async () => {
    await insertRows(server, t, [{ Title: 'shared row', Price: 3 }]);
    const view = await json('post', `/api/v1/db/meta/tables/${t.tableId}/grids`, { title: 'Shared' });
    const share = await send('POST', `/api/v1/db/meta/views/${view.id}/share`, { token: t.token });
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    expect(share.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await server.api.get(`/api/v1/db/public/shared-view/${String(share.body.uuid)}/rows`);
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect(rows.body.list.map((r: { Title: string }) => r.Title)).toEqual(['shared row']);

    // The same with an empty body under any other content type, or none.
    for (const contentType of [
      `${URLENCODED}; charset=utf-8`,
      'application/json',
      'text/plain',
      'application/xml',
    ]) {
      expect(
        (await send('DELETE', `/api/v1/db/meta/views/${view.id}/share`, { token: t.token, contentType }))
          .status,
      ).toBe(200);
      const again = await send('POST', `/api/v1/db/meta/views/${view.id}/share`, {
        token: t.token,
        contentType,
      });
      expect(again.status, `${contentType}: ${JSON.stringify(again.body)}`).toBe(200);
    }
  });

  it('reads urlencoded bodies with content like JSON bodies, and refuses other types with content', async () => {
    const created = await send('POST', '/api/v1/tokens', { token: t.token, body: 'description=from+a+form' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.description).toBe('from a form');

    const view = await json('post', `/api/v1/db/meta/tables/${t.tableId}/grids`, { title: 'Locked' });
    const share = await send('POST', `/api/v1/db/meta/views/${view.id}/share`, { token: t.token });
    const locked = await send('PATCH', `/api/v1/db/meta/views/${view.id}/share`, {
      token: t.token,
      body: 'password=s3cret-pass',
    });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    const denied = await server.api.get(`/api/v1/db/public/shared-view/${String(share.body.uuid)}/rows`);
    expect(denied.status).toBe(403);

    const xml = await send('POST', '/api/v1/tokens', {
      token: t.token,
      contentType: 'application/xml',
      body: '<a/>',
    });
    expect(xml.status).toBe(415);
    expect(xml.body.msg).toBe(
      "Content-Type 'application/xml' is not supported: send JSON or application/x-www-form-urlencoded",
    );
    const badJson = await send('POST', '/api/v1/tokens', {
      token: t.token,
      contentType: 'application/json',
      body: '{',
    });
    expect(badJson.status).toBe(400);
  });

  it('answers every body-less POST, PATCH and DELETE sent with an empty urlencoded body', async () => {
    const [rowId, viewRowId] = await insertRows(server, t, [{ Title: 'to delete' }, { Title: 'via view' }]);
    const view = await json('post', `/api/v1/db/meta/tables/${t.tableId}/grids`, { title: 'Doomed' });
    const filter = await json('post', `/api/v1/db/meta/views/${view.id}/filters`, {
      fk_column_id: t.col.Price,
      comparison_op: 'gt',
      value: '1',
    });
    const sort = await json('post', `/api/v1/db/meta/views/${view.id}/sorts`, { fk_column_id: t.col.Price });
    const token = await json('post', '/api/v1/tokens', { description: 'mine' });
    const baseToken = await json('post', `/api/v1/db/meta/projects/${t.baseId}/api-tokens`, {
      description: 'base',
    });
    const member = await signUpUser(server.api);
    const memberId = (await server.api.get('/api/v1/auth/user/me', { token: member.token })).body
      .id as string;
    await json('post', `/api/v1/db/meta/projects/${t.baseId}/users`, {
      email: member.email,
      roles: 'viewer',
    });
    const other = await signUpUser(server.api);
    const otherId = (await server.api.get('/api/v1/auth/user/me', { token: other.token })).body.id as string;
    const extra = await seedTable(server, [{ title: 'Size', uidt: 'Number' }], { token: t.token });
    const data = `/api/v1/db/data/noco/${t.baseId}/${t.tableId}`;

    const routes: { method: string; path: string; token?: string; cookie?: string }[] = [
      { method: 'POST', path: `/api/v1/db/meta/views/${view.id}/share` },
      { method: 'DELETE', path: `/api/v1/db/meta/views/${view.id}/share` },
      { method: 'POST', path: `/api/v1/db/meta/columns/${t.col.Notes}/primary` },
      { method: 'DELETE', path: `/api/v1/db/meta/filters/${filter.id}` },
      { method: 'DELETE', path: `/api/v1/db/meta/sorts/${sort.id}` },
      { method: 'DELETE', path: `${data}/${rowId}` },
      { method: 'DELETE', path: `${data}/views/${t.defaultViewId}/${viewRowId}` },
      { method: 'POST', path: `/api/v1/db/meta/duplicate/${t.baseId}/column/${t.col.Notes}` },
      { method: 'DELETE', path: `/api/v1/tokens/${token.id}` },
      { method: 'DELETE', path: `/api/v1/db/meta/projects/${t.baseId}/api-tokens/${baseToken.id}` },
      { method: 'DELETE', path: `/api/v1/db/meta/projects/${t.baseId}/users/${memberId}` },
      { method: 'POST', path: `/api/v1/db/meta/projects/${t.baseId}/shared` },
      { method: 'DELETE', path: `/api/v1/db/meta/projects/${t.baseId}/shared` },
      { method: 'POST', path: `/api/v1/db/meta/projects/${t.baseId}/bases/${t.sourceId}/share/erd` },
      { method: 'DELETE', path: `/api/v1/db/meta/projects/${t.baseId}/bases/${t.sourceId}/share/erd` },
      { method: 'POST', path: `/api/v1/db/meta/projects/${t.baseId}/meta-diff` },
      { method: 'DELETE', path: `/api/v1/db/meta/columns/${t.col.Price}` },
      { method: 'DELETE', path: `/api/v1/db/meta/views/${view.id}` },
      { method: 'DELETE', path: `/api/v1/db/meta/tables/${extra.tableId}` },
      { method: 'DELETE', path: `/api/v1/db/meta/projects/${extra.baseId}` },
      { method: 'POST', path: `/api/v1/users/${otherId}/generate-reset-url`, token: admin },
      { method: 'DELETE', path: `/api/v1/users/${otherId}`, token: admin },
      { method: 'POST', path: '/api/v1/auth/token/refresh', token: '', cookie: member.cookie },
      { method: 'POST', path: '/api/v1/auth/user/signout', token: member.token, cookie: member.cookie },
    ];
    const failed: string[] = [];
    for (const r of routes) {
      const res = await send(r.method, r.path, { token: r.token ?? t.token, cookie: r.cookie });
      if (res.status !== 200)
        failed.push(`${r.method} ${r.path} -> ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(failed).toEqual([]);

    // The calls did what they say.
    expect(
      (await server.api.get(`/api/v1/db/meta/views/${view.id}/filters`, { token: t.token })).status,
    ).toBe(404);
    expect((await server.api.get(`/api/v1/db/meta/tables/${extra.tableId}`, { token: t.token })).status).toBe(
      404,
    );
    expect(
      (await server.api.get(`/api/v1/db/meta/projects/${extra.baseId}`, { token: t.token })).status,
    ).toBe(404);
    const left = (await server.api.get(`${data}?limit=100`, { token: t.token })).body.list as {
      Title: string;
    }[];
    expect(left.map((row) => row.Title)).not.toContain('to delete');
    expect(left.map((row) => row.Title)).not.toContain('via view');
    const columns = (await server.api.get(`/api/v1/db/meta/tables/${t.tableId}`, { token: t.token })).body
      .columns as { title: string; pv?: boolean }[];
    expect(columns.map((c) => c.title)).not.toContain('Price');
    expect(columns.find((c) => c.pv)?.title).toBe('Notes');
  });
});
