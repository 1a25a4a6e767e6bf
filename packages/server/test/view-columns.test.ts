import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { addBaseUser, seedTable, type SeededTable } from './view-fixtures.js';

type VC = {
  id: string;
  fk_column_id: string;
  show: boolean;
  order: number;
  width: string | null;
  pinned: boolean;
};

describe.each(testDatabases())('view columns on %s', (kind) => {
  let server: TestServer;
  let t: SeededTable;
  const opts = () => ({ token: t.token });
  const columnsOf = async (viewId: string): Promise<VC[]> =>
    (await server.api.get(`/api/v1/db/meta/views/${viewId}/columns`, opts())).body.list;

  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await seedTable(server, [
      { title: 'Price', uidt: 'Number' },
      { title: 'Notes', uidt: 'LongText' },
      { title: 'Due', uidt: 'Date' },
      { title: 'Extra', uidt: 'SingleLineText' },
    ]);
  });
  afterAll(async () => server?.close());

  it('lists a column per field with defaults per view type', async () => {
    const grid = await columnsOf(t.defaultViewId);
    expect(grid.filter((c) => c.show).map((c) => c.fk_column_id)).toEqual(
      [t.col.Id, t.col.Title, t.col.Price, t.col.Notes, t.col.Due, t.col.Extra].filter(Boolean),
    );
    const gal = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/galleries`,
      { title: 'Cards' },
      opts(),
    );
    const cards = await columnsOf(gal.body.id);
    // A card shows the display value and the next few fields, not everything.
    expect(cards.find((c) => c.fk_column_id === t.col.Title)?.show).toBe(true);
    expect(cards.find((c) => c.fk_column_id === t.col.Extra)?.show).toBe(false);
  });

  it('updates show, order, width and pinning by view-column id or field id', async () => {
    const v = t.defaultViewId;
    const cols = await columnsOf(v);
    const name = cols.find((c) => c.fk_column_id === t.col.Title)!;
    const a = await server.api.patch(
      `/api/v1/db/meta/views/${v}/columns/${name.id}`,
      { show: false, order: 99 },
      opts(),
    );
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({ show: false, order: 99 });
    const b = await server.api.patch(
      `/api/v1/db/meta/views/${v}/columns/${t.col.Price}`,
      { width: '180px', frozen: true },
      opts(),
    );
    expect(b.body).toMatchObject({ width: '180px', pinned: true, frozen: true });
    const g = await server.api.patch(`/api/v1/db/meta/grid-columns/${b.body.id}`, { width: 220 }, opts());
    expect(g.body.width).toBe('220');
    const after = await columnsOf(v);
    expect(after.at(-1)?.fk_column_id).toBe(t.col.Title);
    const bad = await server.api.patch(
      `/api/v1/db/meta/views/${v}/columns/${name.id}`,
      { width: 'wide' },
      opts(),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('width');
    const post = await server.api.post(
      `/api/v1/db/meta/views/${v}/columns`,
      { fk_column_id: t.col.Title, show: true },
      opts(),
    );
    expect(post.body.show).toBe(true);
    const foreign = await server.api.post(
      `/api/v1/db/meta/views/${v}/columns`,
      { fk_column_id: 'cnothere' },
      opts(),
    );
    expect(foreign.status).toBe(400);
  });

  it('hides all and shows all, keeping the ignored ones', async () => {
    const f = await server.api.post(`/api/v1/db/meta/tables/${t.tableId}/grids`, { title: 'Toggle' }, opts());
    const hide = await server.api.post(
      `/api/v1/db/meta/views/${f.body.id}/hide-all?ignoreIds=${t.col.Title}`,
      {},
      opts(),
    );
    expect(hide.status).toBe(200);
    let cols = await columnsOf(f.body.id);
    expect(cols.filter((c) => c.show).map((c) => c.fk_column_id)).toEqual([t.col.Title]);
    await server.api.post(
      `/api/v1/db/meta/views/${f.body.id}/show-all?ignoreIds=${t.col.Notes},${t.col.Due}`,
      {},
      opts(),
    );
    cols = await columnsOf(f.body.id);
    expect(
      cols
        .filter((c) => !c.show)
        .map((c) => c.fk_column_id)
        .sort(),
    ).toEqual([t.col.Notes, t.col.Due].sort());
  });

  it('keeps group-by to grid columns, several levels', async () => {
    const v = t.defaultViewId;
    const r1 = await server.api.patch(
      `/api/v1/db/meta/views/${v}/columns/${t.col.Due}`,
      { group_by: true, group_by_order: 1, group_by_sort: 'desc' },
      opts(),
    );
    const r2 = await server.api.patch(
      `/api/v1/db/meta/views/${v}/columns/${t.col.Title}`,
      { group_by: true, group_by_order: 2, group_by_sort: 'asc' },
      opts(),
    );
    expect(r1.body).toMatchObject({ group_by: true, group_by_order: 1, group_by_sort: 'desc' });
    expect(r2.body.group_by).toBe(true);
    const form = await server.api.post(`/api/v1/db/meta/tables/${t.tableId}/forms`, { title: 'F' }, opts());
    const bad = await server.api.patch(
      `/api/v1/db/meta/views/${form.body.id}/columns/${t.col.Due}`,
      { group_by: true },
      opts(),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('group_by is only available in grid views');
  });

  it('lets an editor change field visibility but a viewer cannot', async () => {
    const viewer = await addBaseUser(server, t.baseId, 'viewer');
    const editor = await addBaseUser(server, t.baseId, 'editor');
    const url = `/api/v1/db/meta/views/${t.defaultViewId}/columns/${t.col.Extra}`;
    expect((await server.api.patch(url, { show: false }, { token: viewer })).status).toBe(403);
    expect((await server.api.patch(url, { show: false }, { token: editor })).status).toBe(200);
  });
});
