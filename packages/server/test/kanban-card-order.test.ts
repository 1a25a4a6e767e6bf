import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { addBaseUser, insertRows, seedTable, type SeededTable } from './view-fixtures.js';

describe.each(testDatabases())('kanban card order on %s', (kind) => {
  let server: TestServer;
  let t: SeededTable;
  let id: Record<string, number>;
  let board: string;
  let other: string;
  const opts = () => ({ token: t.token });
  const kanban = async (title: string) => {
    const v = await server.api.post(`/api/v1/db/meta/tables/${t.tableId}/kanbans`, { title }, opts());
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    return v.body.id as string;
  };
  const stack = async (view: string, status: string, query = '') => {
    const where = encodeURIComponent(`(Status,eq,${status})`);
    const res = await server.api.get(
      `/api/v1/db/data/noco/${t.baseId}/${t.tableId}/views/${view}?where=${where}${query}`,
      opts(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.list as { Title: string }[]).map((r) => r.Title);
  };
  const place = (view: string, titles: string[], token = t.token) =>
    server.api.put(
      `/api/v1/db/meta/kanbans/${view}/card-order`,
      { rows: titles.map((x) => id[x]) },
      { token },
    );

  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await seedTable(server, [{ title: 'Status', uidt: 'SingleSelect' }]);
    const titles = ['a1', 'a2', 'a3', 'a4', 'b1', 'b2'];
    const ids = await insertRows(
      server,
      t,
      titles.map((Title) => ({ Title, Status: Title[0] })),
    );
    id = Object.fromEntries(titles.map((x, i) => [x, ids[i]!]));
    board = await kanban('Board');
    other = await kanban('Other board');
  });
  afterAll(async () => server?.close());

  it('lists a stack in its saved order, placed cards first, and leaves other views alone', async () => {
    expect(await stack(board, 'a')).toEqual(['a1', 'a2', 'a3', 'a4']);
    const saved = await place(board, ['a3', 'a1']);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await stack(board, 'a')).toEqual(['a3', 'a1', 'a2', 'a4']);
    expect(await stack(other, 'a')).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(await stack(board, 'b')).toEqual(['b1', 'b2']);
  });

  it('pages across the placed and the other cards with the stack count unchanged', async () => {
    expect(await stack(board, 'a', '&limit=1&offset=1')).toEqual(['a1']);
    expect(await stack(board, 'a', '&limit=2&offset=1')).toEqual(['a1', 'a2']);
    expect(await stack(board, 'a', '&limit=5&offset=2')).toEqual(['a2', 'a4']);
    const where = encodeURIComponent('(Status,eq,a)');
    const page = await server.api.get(
      `/api/v1/db/data/noco/${t.baseId}/${t.tableId}/views/${board}?where=${where}&limit=1`,
      opts(),
    );
    expect(page.body.pageInfo.totalRows).toBe(4);
  });

  it('moves a card within a stack and into another one', async () => {
    expect((await place(board, ['a4', 'a3'])).status).toBe(200);
    expect(await stack(board, 'a')).toEqual(['a4', 'a3', 'a1', 'a2']);
    const moved = await server.api.patch(
      `/api/v1/db/data/noco/${t.baseId}/${t.tableId}/${id.a2}`,
      { Status: 'b' },
      opts(),
    );
    expect(moved.status).toBe(200);
    expect((await place(board, ['b1', 'a2'])).status).toBe(200);
    expect(await stack(board, 'b')).toEqual(['b1', 'a2', 'b2']);
    expect(await stack(board, 'a')).toEqual(['a4', 'a3', 'a1']);
  });

  it('follows a sort the request asks for instead', async () => {
    expect(await stack(board, 'a', '&sort=-Title')).toEqual(['a4', 'a3', 'a1']);
  });

  it('refuses a bad body, a grid view, a viewer and a locked board', async () => {
    for (const body of [{}, { rows: [] }, { rows: [1, 1] }, { rows: [{}] }]) {
      const res = await server.api.put(`/api/v1/db/meta/kanbans/${board}/card-order`, body, opts());
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('rows must be a list of 1 to 5000 distinct row ids');
    }
    const grid = await server.api.put(
      `/api/v1/db/meta/kanbans/${t.defaultViewId}/card-order`,
      { rows: [id.a1] },
      opts(),
    );
    expect(grid.status).toBe(404);
    const viewer = await addBaseUser(server, t.baseId, 'viewer');
    expect((await place(board, ['a1'], viewer)).status).toBe(403);
    await server.api.patch(`/api/v1/db/meta/views/${other}`, { lock_type: 'locked' }, opts());
    const locked = await place(other, ['a1']);
    expect(locked.status).toBe(403);
    expect(await stack(other, 'a')).toEqual(['a1', 'a3', 'a4']);
  });

  it('forgets the order with its view', async () => {
    const gone = await server.api.delete(`/api/v1/db/meta/views/${board}`, undefined, opts());
    expect(gone.status).toBe(200);
    expect(await server.ctx.db('rb_kanban_card_order').where({ fk_view_id: board })).toEqual([]);
  });
});
