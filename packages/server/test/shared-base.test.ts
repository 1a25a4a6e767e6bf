import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { addBaseUser, seedTable, type SeededTable } from './view-fixtures.js';

describe.each(testDatabases())('shared bases and ERDs on %s', (kind) => {
  let server: TestServer;
  let t: SeededTable;
  const opts = () => ({ token: t.token });

  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await seedTable(server, [{ title: 'Price', uidt: 'Number' }]);
  });
  afterAll(async () => server?.close());

  it('shares a base as viewer or editor only, and reports the link', async () => {
    const none = await server.api.get(`/api/v1/db/meta/projects/${t.baseId}/shared`, opts());
    expect(none.body).toEqual({ uuid: null, url: null, roles: null });
    const bad = await server.api.post(
      `/api/v1/db/meta/projects/${t.baseId}/shared`,
      { roles: 'owner' },
      opts(),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('roles must be viewer or editor');
    const made = await server.api.post(
      `/api/v1/db/meta/projects/${t.baseId}/shared`,
      { roles: 'viewer' },
      opts(),
    );
    expect(made.status).toBe(200);
    expect(made.body.roles).toBe('viewer');
    expect(made.body.url).toContain(`/#/base/${made.body.uuid}`);
    const again = await server.api.post(`/api/v1/db/meta/projects/${t.baseId}/shared`, {}, opts());
    expect(again.body.uuid).toBe(made.body.uuid);
    const pub = await server.api.get(`/api/v1/db/public/shared-base/${made.body.uuid}/meta`);
    expect(pub.status).toBe(200);
    expect(pub.body.base_id).toBe(t.baseId);
  });

  it('lets xc-shared-base-id act with the share role on that base only', async () => {
    const share = await server.api.get(`/api/v1/db/meta/projects/${t.baseId}/shared`, opts());
    const headers = { 'xc-shared-base-id': share.body.uuid };
    const views = await server.api.get(`/api/v1/db/meta/tables/${t.tableId}/views`, { headers });
    expect(views.status).toBe(200);
    expect(views.body.list[0].id).toBe(t.defaultViewId);
    // A viewer cannot add filters; an editor can. Neither can create views or reshare.
    const filter = { fk_column_id: t.col.Title, comparison_op: 'eq', value: 'x' };
    expect(
      (await server.api.post(`/api/v1/db/meta/views/${t.defaultViewId}/filters`, filter, { headers })).status,
    ).toBe(403);
    await server.api.patch(`/api/v1/db/meta/projects/${t.baseId}/shared`, { roles: 'editor' }, opts());
    expect(
      (await server.api.post(`/api/v1/db/meta/views/${t.defaultViewId}/filters`, filter, { headers })).status,
    ).toBe(200);
    expect(
      (await server.api.post(`/api/v1/db/meta/tables/${t.tableId}/grids`, { title: 'X' }, { headers }))
        .status,
    ).toBe(403);
    expect(
      (await server.api.post(`/api/v1/db/meta/projects/${t.baseId}/shared`, {}, { headers })).status,
    ).toBe(403);
    // Another base is out of reach.
    const other = await seedTable(server, []);
    expect((await server.api.get(`/api/v1/db/meta/tables/${other.tableId}/views`, { headers })).status).toBe(
      403,
    );
    // Organisation routes refuse it.
    expect((await server.api.get('/api/v1/users', { headers })).status).toBe(403);
    // Disabling cuts access at once.
    expect(
      (await server.api.delete(`/api/v1/db/meta/projects/${t.baseId}/shared`, undefined, opts())).status,
    ).toBe(200);
    expect((await server.api.get(`/api/v1/db/meta/tables/${t.tableId}/views`, { headers })).status).toBe(401);
    expect((await server.api.get(`/api/v1/db/public/shared-base/${share.body.uuid}/meta`)).status).toBe(404);
  });

  it('requires the password of a protected shared base', async () => {
    const made = await server.api.post(
      `/api/v1/db/meta/projects/${t.baseId}/shared`,
      { roles: 'viewer', password: 'base pass' },
      opts(),
    );
    const stored = await server.ctx.db('rb_shares').where({ uuid: made.body.uuid }).first();
    expect(stored.password_hash).toMatch(/^\$argon2/);
    const meta = `/api/v1/db/public/shared-base/${made.body.uuid}/meta`;
    const denied = await server.api.get(meta, { headers: { 'xc-password': 'nope' } });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('INVALID_SHARED_VIEW_PASSWORD');
    expect((await server.api.get(meta, { headers: { 'xc-password': 'base pass' } })).status).toBe(200);
    const views = `/api/v1/db/meta/tables/${t.tableId}/views`;
    expect((await server.api.get(views, { headers: { 'xc-shared-base-id': made.body.uuid } })).status).toBe(
      401,
    );
    const ok = await server.api.get(views, {
      headers: { 'xc-shared-base-id': made.body.uuid, 'xc-password': 'base pass' },
    });
    expect(ok.status).toBe(200);
    await server.api.delete(`/api/v1/db/meta/projects/${t.baseId}/shared`, undefined, opts());
  });

  it('allows only base creators to share the base', async () => {
    const editor = await addBaseUser(server, t.baseId, 'editor');
    expect(
      (await server.api.post(`/api/v1/db/meta/projects/${t.baseId}/shared`, {}, { token: editor })).status,
    ).toBe(403);
    expect((await server.api.get(`/api/v1/db/meta/projects/${t.baseId}/shared`)).status).toBe(401);
  });

  it('shares an ERD with tables, fields and relations only, until disabled', async () => {
    const url = `/api/v1/db/meta/projects/${t.baseId}/bases/${t.sourceId}/share/erd`;
    const made = await server.api.post(url, {}, opts());
    expect(made.status).toBe(200);
    const erd = await server.api.get(`/api/v1/db/public/shared-erd/${made.body.uuid}/meta`);
    expect(erd.status).toBe(200);
    expect(Object.keys(erd.body).sort()).toEqual(['base_id', 'relations', 'source_id', 'tables']);
    const table = erd.body.tables.find((x: { id: string }) => x.id === t.tableId);
    expect(table.columns.map((c: { title: string }) => c.title)).toEqual(
      expect.arrayContaining(['Id', 'Title', 'Price']),
    );
    expect(table.views).toBeUndefined();
    const wrongSource = await server.api.post(
      `/api/v1/db/meta/projects/${t.baseId}/bases/bnothere/share/erd`,
      {},
      opts(),
    );
    expect(wrongSource.status).toBe(404);
    expect((await server.api.delete(url, undefined, opts())).status).toBe(200);
    expect((await server.api.get(`/api/v1/db/public/shared-erd/${made.body.uuid}/meta`)).status).toBe(404);
  });
});
