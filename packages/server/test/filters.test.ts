import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { addBaseUser, insertRows, seedTable, type SeededTable } from './view-fixtures.js';

describe.each(testDatabases())('view filters on %s', (kind) => {
  let server: TestServer;
  let t: SeededTable;
  let viewId: string;
  const opts = () => ({ token: t.token });
  const post = (body: unknown) => server.api.post(`/api/v1/db/meta/views/${viewId}/filters`, body, opts());

  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await seedTable(server, [
      { title: 'Price', uidt: 'Currency' },
      { title: 'Done', uidt: 'Checkbox' },
      { title: 'Due', uidt: 'Date' },
      { title: 'Tags', uidt: 'MultiSelect' },
    ]);
    viewId = t.defaultViewId;
  });
  afterAll(async () => server?.close());

  it('creates conditions and reads them back', async () => {
    const a = await post({ fk_column_id: t.col.Title, comparison_op: 'like', value: 'app' });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({
      fk_view_id: viewId,
      comparison_op: 'like',
      value: 'app',
      logical_op: 'and',
      is_group: false,
    });
    const got = await server.api.get(`/api/v1/db/meta/filters/${a.body.id}`, opts());
    expect(got.body.id).toBe(a.body.id);
    const list = await server.api.get(`/api/v1/db/meta/views/${viewId}/filters`, opts());
    expect(list.body.list.map((f: { id: string }) => f.id)).toContain(a.body.id);
  });

  it('nests groups (and/or/not) with children, inline or one by one', async () => {
    const g = await post({
      is_group: true,
      logical_op: 'or',
      children: [
        { fk_column_id: t.col.Price, comparison_op: 'gt', value: '10' },
        { fk_column_id: t.col.Done, comparison_op: 'checked', logical_op: 'or' },
      ],
    });
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    expect(g.body.children).toHaveLength(2);
    const inner = await post({ is_group: true, fk_parent_id: g.body.id, logical_op: 'not' });
    expect(inner.status).toBe(200);
    const deep = await post({
      fk_parent_id: inner.body.id,
      fk_column_id: t.col.Title,
      comparison_op: 'eq',
      value: 'x',
    });
    expect(deep.status).toBe(200);
    const children = await server.api.get(`/api/v1/db/meta/filters/${g.body.id}/children`, opts());
    expect(children.body.list.map((f: { id: string }) => f.id)).toContain(inner.body.id);
    expect(children.body.list).toHaveLength(3);
    const list = await server.api.get(`/api/v1/db/meta/views/${viewId}/filters`, opts());
    const group = list.body.list.find((f: { id: string }) => f.id === g.body.id);
    const nested = group.children.find((f: { id: string }) => f.id === inner.body.id);
    expect(nested.logical_op).toBe('not');
    expect(nested.children[0].id).toBe(deep.body.id);
    // Deleting a group deletes what is under it.
    expect((await server.api.delete(`/api/v1/db/meta/filters/${g.body.id}`, undefined, opts())).status).toBe(
      200,
    );
    expect((await server.api.get(`/api/v1/db/meta/filters/${deep.body.id}`, opts())).status).toBe(404);
  });

  it('accepts every comparison and date sub-operator a type allows', async () => {
    const ok: Record<string, unknown>[] = [
      { fk_column_id: t.col.Title, comparison_op: 'nlike', value: 'z' },
      { fk_column_id: t.col.Title, comparison_op: 'blank' },
      { fk_column_id: t.col.Title, comparison_op: 'notempty' },
      { fk_column_id: t.col.Price, comparison_op: 'btw', value: '1,5' },
      { fk_column_id: t.col.Price, comparison_op: 'le', value: 3 },
      { fk_column_id: t.col.Done, comparison_op: 'notchecked' },
      { fk_column_id: t.col.Due, comparison_op: 'eq', comparison_sub_op: 'today' },
      { fk_column_id: t.col.Due, comparison_op: 'lt', comparison_sub_op: 'daysAgo', value: '3' },
      { fk_column_id: t.col.Due, comparison_op: 'eq', comparison_sub_op: 'exactDate', value: '2024-02-29' },
      { fk_column_id: t.col.Due, comparison_op: 'isWithin', comparison_sub_op: 'pastWeek' },
      {
        fk_column_id: t.col.Due,
        comparison_op: 'isWithin',
        comparison_sub_op: 'nextNumberOfDays',
        value: '10',
      },
      { fk_column_id: t.col.Tags, comparison_op: 'anyof', value: 'a,b' },
      { fk_column_id: t.col.Tags, comparison_op: 'nallof', value: ['a', 'b'] },
    ];
    for (const body of ok) {
      const res = await post(body);
      expect(res.status, `${JSON.stringify(body)} -> ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it('refuses a comparison the field type does not allow, with a 400 naming both', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [
        { fk_column_id: t.col.Price, comparison_op: 'like', value: '1' },
        'operator "like" is not allowed on Price',
      ],
      [{ fk_column_id: t.col.Done, comparison_op: 'gt', value: '1' }, 'operator "gt" is not allowed on Done'],
      [{ fk_column_id: t.col.Title, comparison_op: 'checked' }, 'not allowed on Title'],
      [{ fk_column_id: t.col.Price, comparison_op: 'eq', value: 'abc' }, 'not a number'],
      [
        { fk_column_id: t.col.Due, comparison_op: 'isWithin', comparison_sub_op: 'today' },
        'comparison_sub_op',
      ],
      [
        { fk_column_id: t.col.Due, comparison_op: 'eq', comparison_sub_op: 'exactDate', value: '2023-02-30' },
        'Invalid filter',
      ],
      [{ fk_column_id: t.col.Title, comparison_op: 'sortof', value: 'x' }, 'unknown operator'],
      [{ fk_column_id: 'cnothere', comparison_op: 'eq', value: 'x' }, 'not a field of this table'],
      [{ fk_column_id: t.col.Title, comparison_op: 'eq', value: 'x', logical_op: 'xor' }, 'logical_op'],
    ];
    for (const [body, message] of bad) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg, JSON.stringify(body)).toContain(message);
    }
    const notGroup = await post({ fk_column_id: t.col.Title, comparison_op: 'eq', value: 'x' });
    const child = await post({
      fk_parent_id: notGroup.body.id,
      fk_column_id: t.col.Title,
      comparison_op: 'eq',
      value: 'y',
    });
    expect(child.status).toBe(400);
    expect(child.body.msg).toContain('must be a filter group');
  });

  it('saves an operator before its value is typed and leaves the filter out of the rows until then', async () => {
    await insertRows(server, t, [{ Title: 'pear', Price: 3 }]);
    const own = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/grids`,
      { title: 'Typing' },
      opts(),
    );
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const addTo = (body: unknown) =>
      server.api.post(`/api/v1/db/meta/views/${own.body.id}/filters`, body, opts());
    const gt = await addTo({ fk_column_id: t.col.Price, comparison_op: 'gt', value: '' });
    expect(gt.status, JSON.stringify(gt.body)).toBe(200);
    const days = await addTo({ fk_column_id: t.col.Due, comparison_op: 'lt', comparison_sub_op: 'daysAgo' });
    expect(days.status, JSON.stringify(days.body)).toBe(200);
    // Still refused: an operator the field does not allow, even before a value.
    expect((await addTo({ fk_column_id: t.col.Price, comparison_op: 'like' })).status).toBe(400);
    const all = await server.api.get(`/api/v1/db/meta/views/${t.defaultViewId}/filters`, opts());
    expect(all.status).toBe(200);
    const rows = await server.api.get(
      `/api/v1/db/data/noco/${t.baseId}/${t.tableId}/views/${own.body.id}`,
      opts(),
    );
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    await server.api.patch(`/api/v1/db/meta/filters/${gt.body.id}`, { value: '1000000' }, opts());
    const none = await server.api.get(
      `/api/v1/db/data/noco/${t.baseId}/${t.tableId}/views/${own.body.id}`,
      opts(),
    );
    expect(none.body.list).toHaveLength(0);
    expect(rows.body.list.length).toBeGreaterThan(0);
  });

  it('updates a filter, re-checking it against the field', async () => {
    const f = await post({ fk_column_id: t.col.Price, comparison_op: 'gt', value: '1' });
    const up = await server.api.patch(
      `/api/v1/db/meta/filters/${f.body.id}`,
      { comparison_op: 'lt', value: '5', logical_op: 'or' },
      opts(),
    );
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ comparison_op: 'lt', value: '5', logical_op: 'or' });
    const bad = await server.api.patch(
      `/api/v1/db/meta/filters/${f.body.id}`,
      { comparison_op: 'like' },
      opts(),
    );
    expect(bad.status).toBe(400);
    const still = await server.api.get(`/api/v1/db/meta/filters/${f.body.id}`, opts());
    expect(still.body.comparison_op).toBe('lt');
  });

  it('lets an editor manage filters, not a viewer', async () => {
    const editor = await addBaseUser(server, t.baseId, 'editor');
    const viewer = await addBaseUser(server, t.baseId, 'viewer');
    const body = { fk_column_id: t.col.Title, comparison_op: 'eq', value: 'e' };
    expect(
      (await server.api.post(`/api/v1/db/meta/views/${viewId}/filters`, body, { token: editor })).status,
    ).toBe(200);
    expect(
      (await server.api.post(`/api/v1/db/meta/views/${viewId}/filters`, body, { token: viewer })).status,
    ).toBe(403);
    expect((await server.api.get(`/api/v1/db/meta/views/${viewId}/filters`, { token: viewer })).status).toBe(
      200,
    );
  });
});
