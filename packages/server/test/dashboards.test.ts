import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WidgetMeta } from '@rowbase/core/api/dashboards';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { jobResult } from './jobs-fixtures.js';
import { addBaseUser, adminToken, insertRows, seedTable, type SeededTable } from './view-fixtures.js';

/** The view "Cheap" keeps Price < 50 (kiwi is out) and hides Secret. */
const ROWS = [
  { Title: 'apple', Price: 5, Status: 'a', Secret: 1000 },
  { Title: 'banana', Price: 12, Status: 'b', Secret: 2000 },
  { Title: 'cherry', Price: 20, Status: 'a', Secret: 3000 },
  { Title: 'mango', Price: 8, Status: 'a', Secret: 4000 },
  { Title: 'kiwi', Price: 100, Status: 'b', Secret: 5000 },
];

describe.each(testDatabases())('dashboards on %s', (kind) => {
  let server: TestServer;
  let t: SeededTable;
  let viewId: string;
  let dashId: string;
  let layoutId: string;
  const owner = () => ({ token: t.token });
  const chart = (over: Record<string, unknown> = {}) => ({
    type: 'bar',
    config: { viewId, groupBy: t.col.Status, fieldId: t.col.Price, aggregation: 'sum', ...over },
  });

  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await seedTable(server, [
      { title: 'Price', uidt: 'Number' },
      { title: 'Status', uidt: 'SingleSelect' },
      { title: 'Secret', uidt: 'Number' },
    ]);
    await insertRows(server, t, ROWS);
    const v = await server.api.post(`/api/v1/db/meta/tables/${t.tableId}/grids`, { title: 'Cheap' }, owner());
    viewId = v.body.id;
    const f = await server.api.post(
      `/api/v1/db/meta/views/${viewId}/filters`,
      { fk_column_id: t.col.Price, comparison_op: 'lt', value: '50' },
      owner(),
    );
    expect(f.status, JSON.stringify(f.body)).toBe(200);
    const hide = await server.api.patch(
      `/api/v1/db/meta/views/${viewId}/columns/${t.col.Secret}`,
      { show: false },
      owner(),
    );
    expect(hide.status).toBe(200);
    const dash = await server.api.post(
      '/api/v1/db/meta/projects',
      { title: 'Sales', type: 'dashboard' },
      { token: await adminToken(server) },
    );
    expect(dash.status, JSON.stringify(dash.body)).toBe(200);
    expect(dash.body.type).toBe('dashboard');
    dashId = dash.body.id;
    await server.ctx.bases.setRole(dashId, t.userId, 'owner', null);
    const layout = await server.api.post(
      `/api/v1/db/meta/projects/${dashId}/layouts`,
      { title: 'Overview' },
      owner(),
    );
    expect(layout.status, JSON.stringify(layout.body)).toBe(200);
    layoutId = layout.body.id;
  });
  afterAll(async () => server?.close());

  it('creates, lists, renames and reorders layouts of a dashboard base only', async () => {
    const second = await server.api.post(
      `/api/v1/db/meta/projects/${dashId}/layouts`,
      { title: 'Later' },
      owner(),
    );
    expect(second.body.order).toBeGreaterThan(0);
    const renamed = await server.api.patch(
      `/api/v1/db/meta/layouts/${second.body.id}`,
      { title: 'First', order: 0 },
      owner(),
    );
    expect(renamed.status).toBe(200);
    const list = await server.api.get(`/api/v1/db/meta/projects/${dashId}/layouts`, owner());
    expect(list.body.list.map((l: { title: string }) => l.title)).toEqual(['First', 'Overview']);
    const blank = await server.api.post(
      `/api/v1/db/meta/projects/${dashId}/layouts`,
      { title: ' ' },
      owner(),
    );
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toContain('Layout title');
    const onDatabase = await server.api.post(
      `/api/v1/db/meta/projects/${t.baseId}/layouts`,
      { title: 'X' },
      owner(),
    );
    expect(onDatabase.status).toBe(400);
    expect(onDatabase.body.message).toContain('dashboard bases');
    expect(
      (await server.api.delete(`/api/v1/db/meta/layouts/${second.body.id}`, undefined, owner())).status,
    ).toBe(200);
    expect((await server.api.get(`/api/v1/db/meta/layouts/${second.body.id}`, owner())).status).toBe(404);
  });

  it('groups and aggregates through the view: its filter holds, in SQL per group', async () => {
    const bar = await server.api.post(`/api/v1/db/meta/layouts/${layoutId}/widgets`, chart(), owner());
    expect(bar.status, JSON.stringify(bar.body)).toBe(200);
    expect(bar.body).toMatchObject({ type: 'bar', x: 0, y: 0, w: 6, h: 4 });
    const data = await server.api.get(`/api/v1/db/meta/widgets/${bar.body.id}/data`, owner());
    expect(data.status, JSON.stringify(data.body)).toBe(200);
    // kiwi (100, b) is outside the view's filter.
    expect(data.body.groups).toEqual([
      { key: 'a', value: 33 },
      { key: 'b', value: 12 },
    ]);
    const count = await server.api.post(
      `/api/v1/db/meta/layouts/${layoutId}/widgets`,
      { type: 'number', config: { viewId, aggregation: 'count', where: '(Status,eq,a)' } },
      owner(),
    );
    expect(count.body.y).toBe(4);
    expect(
      (await server.api.get(`/api/v1/db/meta/widgets/${count.body.id}/data`, owner())).body,
    ).toMatchObject({
      kind: 'number',
      value: 3,
    });
    const avg = await server.api.post(
      `/api/v1/db/meta/layouts/${layoutId}/widgets`,
      { type: 'line', config: { viewId, groupBy: t.col.Status, fieldId: t.col.Price, aggregation: 'max' } },
      owner(),
    );
    expect(
      (await server.api.get(`/api/v1/db/meta/widgets/${avg.body.id}/data`, owner())).body.groups,
    ).toEqual([
      { key: 'a', value: 20 },
      { key: 'b', value: 12 },
    ]);
  });

  it('answers fresh values after rows of the table change', async () => {
    const layout = await server.api.get(`/api/v1/db/meta/layouts/${layoutId}`, owner());
    const bar = layout.body.widgets.find((w: { type: string }) => w.type === 'bar');
    const read = async () =>
      (await server.api.get(`/api/v1/db/meta/widgets/${bar.id}/data`, owner())).body.groups;
    expect(await read()).toEqual([
      { key: 'a', value: 33 },
      { key: 'b', value: 12 },
    ]);
    const [id] = await insertRows(server, t, [{ Title: 'plum', Price: 40, Status: 'b', Secret: 1 }]);
    expect(await read()).toEqual([
      { key: 'b', value: 52 },
      { key: 'a', value: 33 },
    ]);
    await server.api.delete(`/api/v2/tables/${t.tableId}/records`, [{ Id: id }], owner());
    expect((await read())[0]).toEqual({ key: 'a', value: 33 });
  });

  it('never reads a field the view hides, and refuses bad configs with the field named', async () => {
    const hidden = await server.api.post(
      `/api/v1/db/meta/layouts/${layoutId}/widgets`,
      { type: 'number', config: { viewId, fieldId: t.col.Secret, aggregation: 'sum' } },
      owner(),
    );
    expect(hidden.status).toBe(400);
    expect(hidden.body.msg).toContain(t.col.Secret);
    const byHidden = await server.api.post(
      `/api/v1/db/meta/layouts/${layoutId}/widgets`,
      chart({ groupBy: t.col.Secret }),
      owner(),
    );
    expect(byHidden.status).toBe(400);
    const whereHidden = await server.api.post(
      `/api/v1/db/meta/layouts/${layoutId}/widgets`,
      { type: 'number', config: { viewId, aggregation: 'count', where: '(Secret,gt,0)' } },
      owner(),
    );
    expect(whereHidden.status).toBe(400);
    const badAgg = await server.api.post(
      `/api/v1/db/meta/layouts/${layoutId}/widgets`,
      { type: 'number', config: { viewId, fieldId: t.col.Title, aggregation: 'sum' } },
      owner(),
    );
    expect(badAgg.status).toBe(400);
    expect(badAgg.body.message).toContain('sum is not available for Title');
    const wide = await server.api.post(
      `/api/v1/db/meta/layouts/${layoutId}/widgets`,
      { ...chart(), x: 8, w: 6 },
      owner(),
    );
    expect(wide.status).toBe(400);
    expect(wide.body.message).toContain('x + w');
    const table = await server.api.post(
      `/api/v1/db/meta/layouts/${layoutId}/widgets`,
      { type: 'table', config: { viewId } },
      owner(),
    );
    const rows = await server.api.get(`/api/v1/db/meta/widgets/${table.body.id}/data`, owner());
    expect(rows.body.rows.map((r: { Title: string }) => r.Title).sort()).toEqual([
      'apple',
      'banana',
      'cherry',
      'mango',
    ]);
    for (const r of rows.body.rows) expect(r).not.toHaveProperty('Secret');
    expect(rows.body.fields).not.toContain('Secret');
    const all = await server.api.get(`/api/v1/db/meta/layouts/${layoutId}`, owner());
    expect(all.body.widgets.map((w: { type: string }) => w.type).sort()).toEqual([
      'bar',
      'line',
      'number',
      'table',
    ]);
  });

  it('keeps moved and resized widgets; a foreign widget id changes nothing', async () => {
    const layout = await server.api.get(`/api/v1/db/meta/layouts/${layoutId}`, owner());
    const first = layout.body.widgets[0];
    const moved = await server.api.post(
      `/api/v1/db/meta/layouts/${layoutId}/positions`,
      [{ id: first.id, x: 2, y: 1, w: 10, h: 7 }],
      owner(),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await server.api.get(`/api/v1/db/meta/layouts/${layoutId}`, owner());
    expect(after.body.widgets.find((w: { id: string }) => w.id === first.id)).toMatchObject({
      x: 2,
      y: 1,
      w: 10,
      h: 7,
    });
    const foreign = await server.api.post(
      `/api/v1/db/meta/layouts/${layoutId}/positions`,
      [
        { id: first.id, x: 0, y: 0, w: 3, h: 3 },
        { id: 'wgnotthere', x: 0, y: 0, w: 3, h: 3 },
      ],
      owner(),
    );
    expect(foreign.status).toBe(400);
    const kept = await server.api.get(`/api/v1/db/meta/layouts/${layoutId}`, owner());
    expect(kept.body.widgets.find((w: { id: string }) => w.id === first.id)).toMatchObject({ x: 2, w: 10 });
  });

  it('lets members read, creators change, and reads views only in bases the reader may enter', async () => {
    const viewer = await addBaseUser(server, dashId, 'viewer');
    const editor = await addBaseUser(server, dashId, 'editor');
    const layout = await server.api.get(`/api/v1/db/meta/layouts/${layoutId}`, { token: viewer });
    expect(layout.status).toBe(200);
    const bar = layout.body.widgets.find((w: { type: string }) => w.type === 'bar');
    // A member of the dashboard who may not enter the data base does not see its numbers.
    expect((await server.api.get(`/api/v1/db/meta/widgets/${bar.id}/data`, { token: viewer })).status).toBe(
      403,
    );
    for (const token of [viewer, editor]) {
      const create = await server.api.post(
        `/api/v1/db/meta/projects/${dashId}/layouts`,
        { title: 'Mine' },
        { token },
      );
      expect(create.status).toBe(403);
      expect(
        (await server.api.patch(`/api/v1/db/meta/layouts/${layoutId}`, { title: 'X' }, { token })).status,
      ).toBe(403);
      expect(
        (await server.api.delete(`/api/v1/db/meta/layouts/${layoutId}`, undefined, { token })).status,
      ).toBe(403);
      expect((await server.api.patch(`/api/v1/db/meta/widgets/${bar.id}`, { w: 2 }, { token })).status).toBe(
        403,
      );
    }
    const stranger = await addBaseUser(server, t.baseId, 'viewer');
    expect((await server.api.get(`/api/v1/db/meta/layouts/${layoutId}`, { token: stranger })).status).toBe(
      403,
    );
    expect((await server.api.get(`/api/v1/db/meta/layouts/${layoutId}`)).status).toBe(401);
  });

  it('shares a layout publicly, read-only, and stops at once when unshared', async () => {
    const shared = await server.api.post(`/api/v1/db/meta/layouts/${layoutId}/share`, {}, owner());
    expect(shared.status).toBe(200);
    const uuid = shared.body.share_uuid as string;
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const pub = await server.api.get(`/api/v1/db/public/dashboards/${uuid}`);
    expect(pub.status).toBe(200);
    expect(pub.body.title).toBe('Overview');
    const bar = pub.body.widgets.find((w: { type: string }) => w.type === 'bar');
    const data = await server.api.get(`/api/v1/db/public/dashboards/${uuid}/widgets/${bar.id}/data`);
    expect(data.body.groups).toEqual([
      { key: 'a', value: 33 },
      { key: 'b', value: 12 },
    ]);
    const table = pub.body.widgets.find((w: { type: string }) => w.type === 'table');
    const rows = await server.api.get(`/api/v1/db/public/dashboards/${uuid}/widgets/${table.id}/data`);
    for (const r of rows.body.rows) expect(r).not.toHaveProperty('Secret');
    // Nothing writes through the share, and another layout's widget is not reachable through it.
    expect((await server.api.post(`/api/v1/db/public/dashboards/${uuid}/widgets`, chart())).status).toBe(404);
    expect((await server.api.patch(`/api/v1/db/public/dashboards/${uuid}`, { title: 'x' })).status).toBe(404);
    const other = await server.api.post(
      `/api/v1/db/meta/projects/${dashId}/layouts`,
      { title: 'Private' },
      owner(),
    );
    const hiddenWidget = await server.api.post(
      `/api/v1/db/meta/layouts/${other.body.id}/widgets`,
      chart(),
      owner(),
    );
    expect(
      (await server.api.get(`/api/v1/db/public/dashboards/${uuid}/widgets/${hiddenWidget.body.id}/data`))
        .status,
    ).toBe(404);
    expect(
      (await server.api.delete(`/api/v1/db/meta/layouts/${layoutId}/share`, undefined, owner())).status,
    ).toBe(200);
    expect((await server.api.get(`/api/v1/db/public/dashboards/${uuid}`)).status).toBe(404);
    expect((await server.api.get(`/api/v1/db/public/dashboards/${uuid}/widgets/${bar.id}/data`)).status).toBe(
      404,
    );
  });

  it('duplicates a layout with its widgets, and a dashboard base with its layouts', async () => {
    const admin = await adminToken(server);
    const as = { token: admin };
    const dash = await server.api.post('/api/v1/db/meta/projects', { title: 'Board', type: 'dashboard' }, as);
    const first = await server.api.post(
      `/api/v1/db/meta/projects/${dash.body.id}/layouts`,
      { title: 'One' },
      as,
    );
    const second = await server.api.post(
      `/api/v1/db/meta/projects/${dash.body.id}/layouts`,
      { title: 'Two' },
      as,
    );
    const text = await server.api.post(
      `/api/v1/db/meta/layouts/${first.body.id}/widgets`,
      { type: 'text', config: { markdown: '# Hi' }, x: 6, y: 2, w: 4, h: 3 },
      as,
    );
    const bar = await server.api.post(`/api/v1/db/meta/layouts/${first.body.id}/widgets`, chart(), as);
    expect(bar.status, JSON.stringify(bar.body)).toBe(200);
    await server.api.post(`/api/v1/db/meta/layouts/${first.body.id}/share`, {}, as);
    const shape = (widgets: WidgetMeta[]) =>
      widgets.map(({ type, config, x, y, w, h }) => ({ type, config, x, y, w, h }));

    const copy = await server.api.post(`/api/v1/db/meta/layouts/${first.body.id}/duplicate`, {}, as);
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body).toMatchObject({ title: 'One copy', base_id: dash.body.id, share_uuid: null });
    expect(copy.body.id).not.toBe(first.body.id);
    const original = (await server.api.get(`/api/v1/db/meta/layouts/${first.body.id}`, as)).body.widgets;
    expect(shape(copy.body.widgets)).toEqual(shape(original));
    expect(copy.body.widgets.map((w: WidgetMeta) => w.id)).not.toContain(text.body.id);
    const data = await server.api.get(
      `/api/v1/db/meta/widgets/${copy.body.widgets.find((w: WidgetMeta) => w.type === 'bar').id}/data`,
      as,
    );
    expect(data.body.groups).toEqual([
      { key: 'a', value: 33 },
      { key: 'b', value: 12 },
    ]);
    // Moving a widget of the copy leaves the original alone.
    const moved = copy.body.widgets[0];
    await server.api.patch(`/api/v1/db/meta/widgets/${moved.id}`, { x: 0, y: 20 }, as);
    expect(
      shape((await server.api.get(`/api/v1/db/meta/layouts/${first.body.id}`, as)).body.widgets),
    ).toEqual(shape(original));
    const named = await server.api.post(
      `/api/v1/db/meta/layouts/${second.body.id}/duplicate`,
      { title: ' ' },
      as,
    );
    expect(named.status).toBe(400);
    expect(named.body.message).toMatch(/title/i);
    // Only creators and above may duplicate.
    const viewer = await addBaseUser(server, dash.body.id, 'viewer');
    expect(
      (await server.api.post(`/api/v1/db/meta/layouts/${first.body.id}/duplicate`, {}, { token: viewer }))
        .status,
    ).toBe(403);

    const dup = await server.api.post(`/api/v1/db/meta/duplicate/${dash.body.id}`, { options: {} }, as);
    expect(dup.status, JSON.stringify(dup.body)).toBe(200);
    const copyId = (await jobResult(server, dup.body.id, admin)).base_id;
    expect(copyId).not.toBe(dash.body.id);
    const layouts = (await server.api.get(`/api/v1/db/meta/projects/${copyId}/layouts`, as)).body.list;
    expect(layouts.map((l: { title: string }) => l.title)).toEqual(['One', 'Two', 'One copy']);
    for (const l of layouts) expect(l.share_uuid).toBeNull();
    const copied = (await server.api.get(`/api/v1/db/meta/layouts/${layouts[0].id}`, as)).body.widgets;
    expect(shape(copied)).toEqual(shape(original));
  });

  it('deletes the layouts and widgets of a deleted dashboard base', async () => {
    const admin = await adminToken(server);
    const dash = await server.api.post(
      '/api/v1/db/meta/projects',
      { title: 'Gone', type: 'dashboard' },
      { token: admin },
    );
    const layout = await server.api.post(
      `/api/v1/db/meta/projects/${dash.body.id}/layouts`,
      { title: 'L' },
      { token: admin },
    );
    expect(layout.status).toBe(200);
    await server.api.post(
      `/api/v1/db/meta/layouts/${layout.body.id}/widgets`,
      { type: 'text', config: { markdown: '# Hi' } },
      { token: admin },
    );
    expect(
      (await server.api.delete(`/api/v1/db/meta/projects/${dash.body.id}`, undefined, { token: admin }))
        .status,
    ).toBe(200);
    const [layouts] = await server.ctx
      .db('rb_dashboard_layouts')
      .where({ base_id: dash.body.id })
      .count({ n: '*' });
    expect(Number(layouts?.n)).toBe(0);
    const [widgets] = await server.ctx
      .db('rb_dashboard_widgets')
      .where({ fk_layout_id: layout.body.id })
      .count({ w: '*' });
    expect(Number(widgets?.w)).toBe(0);
  });
});
