/**
 * View lock modes and the default view: a personal view changes only through its owner (another creator is
 * refused with a message saying why, for settings, filters, renames and deletes), and any view can become the
 * table's default, which the former default gives up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { addBaseUser, seedTable, type SeededTable } from './view-fixtures.js';

describe.each(testDatabases())('view modes on %s', (kind) => {
  let server: TestServer;
  let t: SeededTable;
  let colleague: string;
  const opts = () => ({ token: t.token });

  beforeAll(async () => {
    server = await startTestServer(kind);
    await seedTable(server, []);
    t = await seedTable(server, [{ title: 'Status', uidt: 'SingleSelect' }]);
    colleague = await addBaseUser(server, t.baseId, 'creator');
  });
  afterAll(async () => server?.close());

  it('lets only the owner change a personal view, and anyone once it is collaborative again', async () => {
    const v = await server.api.post(`/api/v1/db/meta/tables/${t.tableId}/grids`, { title: 'Mine' }, opts());
    const made = await server.api.patch(
      `/api/v1/db/meta/views/${v.body.id}`,
      { lock_type: 'personal' },
      opts(),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ lock_type: 'personal' });
    const me = await server.api.get('/api/v1/auth/user/me', opts());
    expect(made.body.owned_by).toBe(me.body.id);

    const theirs = { token: colleague };
    const attempts = [
      server.api.post(
        `/api/v1/db/meta/views/${v.body.id}/filters`,
        { fk_column_id: t.col.Title, comparison_op: 'eq', value: 'x' },
        theirs,
      ),
      server.api.post(`/api/v1/db/meta/views/${v.body.id}/sorts`, { fk_column_id: t.col.Title }, theirs),
      server.api.patch(`/api/v1/db/meta/views/${v.body.id}/columns/${t.col.Title}`, { show: false }, theirs),
      server.api.patch(`/api/v1/db/meta/grids/${v.body.id}`, { row_height: 2 }, theirs),
      server.api.patch(`/api/v1/db/meta/views/${v.body.id}`, { title: 'Taken' }, theirs),
      server.api.patch(`/api/v1/db/meta/views/${v.body.id}`, { lock_type: 'collaborative' }, theirs),
      server.api.delete(`/api/v1/db/meta/views/${v.body.id}`, undefined, theirs),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('This view is personal; only its owner can change it');
    }
    // Nothing of the refused changes was written.
    const list = await server.api.get(`/api/v1/db/meta/tables/${t.tableId}/views`, opts());
    expect(list.body.list.find((x: { id: string }) => x.id === v.body.id).title).toBe('Mine');
    expect((await server.api.get(`/api/v1/db/meta/views/${v.body.id}/sorts`, opts())).body.list).toEqual([]);

    // The owner still changes it, and hands it back to everyone.
    const sort = await server.api.post(
      `/api/v1/db/meta/views/${v.body.id}/sorts`,
      { fk_column_id: t.col.Title },
      opts(),
    );
    expect(sort.status).toBe(200);
    await server.api.patch(`/api/v1/db/meta/views/${v.body.id}`, { lock_type: 'collaborative' }, opts());
    const renamed = await server.api.patch(`/api/v1/db/meta/views/${v.body.id}`, { title: 'Ours' }, theirs);
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe('Ours');
  });

  it('makes another view the default; the former default can then be deleted', async () => {
    const v = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/kanbans`,
      { title: 'Board' },
      opts(),
    );
    const res = await server.api.patch(`/api/v1/db/meta/views/${v.body.id}`, { is_default: true }, opts());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.is_default).toBe(true);
    const list = (await server.api.get(`/api/v1/db/meta/tables/${t.tableId}/views`, opts())).body.list;
    expect(
      list.filter((x: { is_default: boolean }) => x.is_default).map((x: { id: string }) => x.id),
    ).toEqual([v.body.id]);
    expect((await server.api.delete(`/api/v1/db/meta/views/${v.body.id}`, undefined, opts())).status).toBe(
      400,
    );
    expect(
      (await server.api.delete(`/api/v1/db/meta/views/${t.defaultViewId}`, undefined, opts())).status,
    ).toBe(200);

    const bad = await server.api.patch(`/api/v1/db/meta/views/${v.body.id}`, { is_default: false }, opts());
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('is_default can only be set to true');
  });
});
