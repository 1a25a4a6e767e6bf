import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { addBaseUser, seedTable, type SeededTable } from './view-fixtures.js';

describe.each(testDatabases())('view sorts on %s', (kind) => {
  let server: TestServer;
  let t: SeededTable;
  const opts = () => ({ token: t.token });

  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await seedTable(server, [
      { title: 'Price', uidt: 'Number' },
      { title: 'Due', uidt: 'Date' },
      { title: 'Photo', uidt: 'Attachment' },
    ]);
  });
  afterAll(async () => server?.close());

  it('keeps several sorts per view in order, with push_to_top', async () => {
    const v = t.defaultViewId;
    const a = await server.api.post(
      `/api/v1/db/meta/views/${v}/sorts`,
      { fk_column_id: t.col.Price, direction: 'desc' },
      opts(),
    );
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    await server.api.post(`/api/v1/db/meta/views/${v}/sorts`, { fk_column_id: t.col.Due }, opts());
    await server.api.post(
      `/api/v1/db/meta/views/${v}/sorts`,
      { fk_column_id: t.col.Title, push_to_top: true },
      opts(),
    );
    const list = await server.api.get(`/api/v1/db/meta/views/${v}/sorts`, opts());
    expect(
      list.body.list.map((s: { fk_column_id: string; direction: string }) => [s.fk_column_id, s.direction]),
    ).toEqual([
      [t.col.Title, 'asc'],
      [t.col.Price, 'desc'],
      [t.col.Due, 'asc'],
    ]);
    const up = await server.api.patch(`/api/v1/db/meta/sorts/${a.body.id}`, { direction: 'asc' }, opts());
    expect(up.body.direction).toBe('asc');
    expect((await server.api.get(`/api/v1/db/meta/sorts/${a.body.id}`, opts())).body.direction).toBe('asc');
    expect((await server.api.delete(`/api/v1/db/meta/sorts/${a.body.id}`, undefined, opts())).status).toBe(
      200,
    );
    expect((await server.api.get(`/api/v1/db/meta/sorts/${a.body.id}`, opts())).status).toBe(404);
  });

  it('refuses a bad direction, a foreign field, a duplicate and an unsortable type', async () => {
    const v = t.defaultViewId;
    const cases: [Record<string, unknown>, string][] = [
      [{ fk_column_id: t.col.Price, direction: 'up' }, 'direction must be asc or desc'],
      [{ fk_column_id: 'cnothere' }, 'not a field of this table'],
      [{ fk_column_id: t.col.Due }, 'already sorted'],
      [{ fk_column_id: t.col.Photo }, 'cannot be sorted'],
      [{}, 'fk_column_id'],
    ];
    for (const [body, msg] of cases) {
      const res = await server.api.post(`/api/v1/db/meta/views/${v}/sorts`, body, opts());
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
  });

  it('lets an editor sort, not a commenter', async () => {
    const editor = await addBaseUser(server, t.baseId, 'editor');
    const commenter = await addBaseUser(server, t.baseId, 'commenter');
    const grid = await server.api.post(`/api/v1/db/meta/tables/${t.tableId}/grids`, { title: 'G2' }, opts());
    expect(
      (
        await server.api.post(
          `/api/v1/db/meta/views/${grid.body.id}/sorts`,
          { fk_column_id: t.col.Price },
          { token: commenter },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await server.api.post(
          `/api/v1/db/meta/views/${grid.body.id}/sorts`,
          { fk_column_id: t.col.Price },
          { token: editor },
        )
      ).status,
    ).toBe(200);
  });
});
