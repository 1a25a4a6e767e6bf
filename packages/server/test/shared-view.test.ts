import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { insertRows, seedTable, type SeededTable } from './view-fixtures.js';

const ROWS = [
  { Title: 'apple', Price: 5, Status: 'a', Secret: 's-apple' },
  { Title: 'banana', Price: 12, Status: 'b', Secret: 's-banana' },
  { Title: 'cherry', Price: 20, Status: 'a', Secret: 's-cherry' },
];

describe.each(testDatabases())('shared views on %s', (kind) => {
  let server: TestServer;
  let t: SeededTable;
  let ids: number[];
  let grid: { id: string; uuid: string };
  const opts = () => ({ token: t.token });
  const pub = (uuid: string, path = '') => `/api/v1/db/public/shared-view/${uuid}${path}`;

  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await seedTable(server, [
      { title: 'Price', uidt: 'Number' },
      { title: 'Status', uidt: 'SingleSelect' },
      { title: 'Secret', uidt: 'SingleLineText' },
      { title: 'Files', uidt: 'Attachment' },
    ]);
    ids = await insertRows(server, t, ROWS);
    const v = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/grids`,
      { title: 'Public a' },
      opts(),
    );
    await server.api.post(
      `/api/v1/db/meta/views/${v.body.id}/filters`,
      { fk_column_id: t.col.Status, comparison_op: 'eq', value: 'a' },
      opts(),
    );
    await server.api.patch(
      `/api/v1/db/meta/views/${v.body.id}/columns/${t.col.Secret}`,
      { show: false },
      opts(),
    );
    const share = await server.api.post(`/api/v1/db/meta/views/${v.body.id}/share`, {}, opts());
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    grid = { id: v.body.id, uuid: share.body.uuid };
  });
  afterAll(async () => server?.close());

  it('shares a view with a uuid and lists it among the table shares', async () => {
    expect(grid.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const again = await server.api.post(`/api/v1/db/meta/views/${grid.id}/share`, {}, opts());
    expect(again.body.uuid).toBe(grid.uuid);
    const list = await server.api.get(`/api/v1/db/meta/tables/${t.tableId}/share`, opts());
    expect(list.body.list.map((s: { id: string }) => s.id)).toEqual([grid.id]);
  });

  it('serves meta and rows without hidden fields or rows outside the filters', async () => {
    const meta = await server.api.get(pub(grid.uuid, '/meta'));
    expect(meta.status, JSON.stringify(meta.body)).toBe(200);
    const titles = meta.body.model.columns.map((c: { title: string }) => c.title);
    expect(titles).toEqual(expect.arrayContaining(['Id', 'Title', 'Price', 'Status']));
    expect(titles).not.toContain('Secret');
    expect(JSON.stringify(meta.body)).not.toContain(t.col.Secret);
    expect(meta.body.password_hash).toBeUndefined();
    const rows = await server.api.get(pub(grid.uuid, '/rows'));
    expect(rows.status).toBe(200);
    expect(rows.body.list.map((r: { Title: string }) => r.Title)).toEqual(['apple', 'cherry']);
    expect(JSON.stringify(rows.body)).not.toContain('s-');
    // Hidden fields cannot be filtered, sorted, grouped or asked for either.
    const probe = [
      '?where=' + encodeURIComponent('(Secret,eq,s-apple)'),
      '?sort=Secret',
      `?where=${encodeURIComponent(`(${t.col.Secret},like,s)`)}`,
    ];
    for (const q of probe) expect((await server.api.get(pub(grid.uuid, '/rows' + q))).status).toBe(400);
    expect((await server.api.get(pub(grid.uuid, '/groupby?column_name=Secret'))).status).toBe(400);
    const asked = await server.api.get(pub(grid.uuid, '/rows?fields=Title,Secret'));
    expect(JSON.stringify(asked.body)).not.toContain('s-');
    // The request where narrows, never widens.
    const widened = await server.api.get(
      pub(grid.uuid, '/rows?where=' + encodeURIComponent('(Title,eq,banana)')),
    );
    expect(widened.body.list).toEqual([]);
    expect((await server.api.get(pub(grid.uuid, `/rows/${ids[1]}`))).status).toBe(404);
    const one = await server.api.get(pub(grid.uuid, `/rows/${ids[0]}`));
    expect(one.body.Title).toBe('apple');
    expect(one.body).not.toHaveProperty('Secret');
    const groups = await server.api.get(pub(grid.uuid, '/groupby?column_name=Status'));
    expect(groups.body.list).toEqual([{ Status: 'a', count: 2 }]);
    const agg = (list: unknown) =>
      pub(grid.uuid, '/aggregate?aggregation=' + encodeURIComponent(JSON.stringify(list)));
    expect((await server.api.get(agg([{ field: 'Price', type: 'sum' }]))).body).toEqual({ Price: 25 });
    expect((await server.api.get(agg([{ field: 'Secret', type: 'count' }]))).status).toBe(400);
    const v2 = await server.api.get(`/api/v2/public/shared-view/${grid.uuid}/rows`);
    expect(v2.body.list).toHaveLength(2);
  });

  it('exports only when downloads are allowed, and only visible data', async () => {
    expect((await server.api.get(pub(grid.uuid, '/rows/export/csv'))).status).toBe(403);
    await server.api.patch(
      `/api/v1/db/meta/views/${grid.id}/share`,
      { meta: { allowCSVDownload: true } },
      opts(),
    );
    const res = await fetch(server.url + pub(grid.uuid, '/rows/export/csv'));
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('apple');
    expect(text).not.toContain('banana');
    expect(text).not.toContain('s-');
  });

  it('protects a share with a password stored as a hash', async () => {
    const set = await server.api.patch(
      `/api/v1/db/meta/views/${grid.id}/share`,
      { password: 'open sesame' },
      opts(),
    );
    expect(set.status).toBe(200);
    expect(set.body.password).toBe(true);
    const stored = await server.ctx.db('rb_views').where({ id: grid.id }).first();
    expect(stored.password_hash).toMatch(/^\$argon2/);
    expect(JSON.stringify(set.body)).not.toContain('open sesame');
    for (const headers of [{}, { 'xc-password': 'wrong' }] as Record<string, string>[]) {
      const res = await server.api.get(pub(grid.uuid, '/rows'), { headers });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'INVALID_SHARED_VIEW_PASSWORD' });
      expect(res.body.msg).toBe(res.body.message);
    }
    const ok = await server.api.get(pub(grid.uuid, '/rows'), { headers: { 'xc-password': 'open sesame' } });
    expect(ok.status).toBe(200);
    expect((await server.api.get(pub(grid.uuid, '/meta'))).status).toBe(403);
    await server.api.patch(`/api/v1/db/meta/views/${grid.id}/share`, { password: null }, opts());
    expect((await server.api.get(pub(grid.uuid, '/rows'))).status).toBe(200);
  });

  it('never writes through a share except a form insert', async () => {
    const before = await server.api.get(`/api/v2/tables/${t.tableId}/records/count`, opts());
    expect((await server.api.post(pub(grid.uuid, '/rows'), { Title: 'evil' })).status).toBe(403);
    expect((await server.api.patch(pub(grid.uuid, `/rows/${ids[0]}`), { Title: 'evil' })).status).toBe(404);
    expect((await server.api.delete(pub(grid.uuid, `/rows/${ids[0]}`))).status).toBe(404);
    expect((await server.api.get(`/api/v2/tables/${t.tableId}/records/count`, opts())).body).toEqual(
      before.body,
    );
    const apple = await server.api.get(`/api/v2/tables/${t.tableId}/records/${ids[0]}`, opts());
    expect(apple.body.Title).toBe('apple');
  });

  it('takes a public form submission with an attachment, validated like the form says', async () => {
    const form = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/forms`,
      { title: 'Order form' },
      opts(),
    );
    const cols = await server.api.get(`/api/v1/db/meta/views/${form.body.id}/columns`, opts());
    const vc = (fieldId: string) =>
      cols.body.list.find((c: { fk_column_id: string }) => c.fk_column_id === fieldId);
    await server.api.patch(
      `/api/v1/db/meta/form-columns/${vc(t.col.Title!).id}`,
      { required: true, label: 'Fruit' },
      opts(),
    );
    await server.api.patch(`/api/v1/db/meta/form-columns/${vc(t.col.Secret!).id}`, { show: false }, opts());
    const share = await server.api.post(`/api/v1/db/meta/views/${form.body.id}/share`, {}, opts());
    const url = server.url + pub(share.body.uuid, '/rows');
    // A form exposes no rows.
    expect((await server.api.get(pub(share.body.uuid, '/rows'))).status).toBe(400);
    const missing = await server.api.post(pub(share.body.uuid, '/rows'), { Price: 1 });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('Please enter Fruit');
    expect(missing.body.errors).toEqual([
      {
        instancePath: '/Title',
        message: 'Please enter Fruit',
        key: 'form.required',
        params: { label: 'Fruit' },
      },
    ]);
    const hidden = await server.api.post(pub(share.body.uuid, '/rows'), { Title: 'x', Secret: 'sneaky' });
    expect(hidden.status).toBe(400);
    expect(hidden.body.msg).toContain("Field 'Secret' is not in this form");
    const forged = await server.api.post(pub(share.body.uuid, '/rows'), {
      Title: 'x',
      Files: [{ path: 'download/other' }],
    });
    expect(forged.status).toBe(400);

    const fd = new FormData();
    fd.append('data', JSON.stringify({ Title: 'fig', Price: 7, Status: 'b' }));
    fd.append('Files', new Blob(['hello attachment'], { type: 'text/plain' }), 'note.txt');
    const res = await fetch(url, { method: 'POST', body: fd });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ Title: 'fig', Price: 7 });
    expect(body).not.toHaveProperty('Secret');
    const stored = await server.api.get(
      `/api/v2/tables/${t.tableId}/records?where=${encodeURIComponent('(Title,eq,fig)')}`,
      opts(),
    );
    const row = stored.body.list[0];
    expect(row.Files[0]).toMatchObject({ title: 'note.txt', mimetype: 'text/plain', size: 16 });
    const file = await fetch(`${server.url}/${row.Files[0].path}`);
    expect(await file.text()).toBe('hello attachment');
    const json = await server.api.post(pub(share.body.uuid, '/rows'), { Title: 'date' });
    expect(json.status).toBe(200);
  });

  it('checks every answer again with the form messages, each on its field, and writes nothing', async () => {
    const form = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/forms`,
      { title: 'Checked form' },
      opts(),
    );
    const cols = await server.api.get(`/api/v1/db/meta/views/${form.body.id}/columns`, opts());
    const vc = (fieldId: string) =>
      cols.body.list.find((c: { fk_column_id: string }) => c.fk_column_id === fieldId);
    const limit = await server.api.patch(
      `/api/v1/db/meta/form-columns/${vc(t.col.Title!).id}`,
      { label: 'Fruit', meta: { minLength: 3, maxLength: 6 } },
      opts(),
    );
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    await server.api.patch(
      `/api/v1/db/meta/form-columns/${vc(t.col.Price!).id}`,
      { meta: { min: 1, max: 50 } },
      opts(),
    );
    const share = await server.api.post(`/api/v1/db/meta/views/${form.body.id}/share`, {}, opts());
    const count = async () =>
      (await server.api.get(`/api/v2/tables/${t.tableId}/records?limit=100`, opts())).body.list.length;
    const before = await count();

    const bad = await server.api.post(pub(share.body.uuid, '/rows'), { Title: 'fi', Price: 99 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject([
      { instancePath: '/Title', message: 'Fruit must be at least 3 characters', key: 'form.minLength' },
      { instancePath: '/Price', message: 'Price must be at most 50', params: { label: 'Price', max: 50 } },
    ]);
    const long = await server.api.post(pub(share.body.uuid, '/rows'), { Title: 'pineapple', Price: 0 });
    expect(long.body.errors).toMatchObject([
      { instancePath: '/Title', message: 'Fruit must be up to 6 characters' },
      { instancePath: '/Price', message: 'Price must be at least 1' },
    ]);
    const blank = await server.api.post(pub(share.body.uuid, '/rows'), { Title: 'kiwi', Price: 'many' });
    expect(blank.body.msg).toBe('Price must be a number');
    expect(await count()).toBe(before);

    const ok = await server.api.post(pub(share.body.uuid, '/rows'), { Title: 'kiwi', Price: 3 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('shows linked records of rows in the view with key and display value only', async () => {
    const tags = await server.api.post(
      `/api/v1/db/meta/projects/${t.baseId}/tables`,
      {
        table_name: 'tags',
        title: 'Tags',
        columns: [{ column_name: 'code', title: 'Code', uidt: 'SingleLineText' }],
      },
      opts(),
    );
    expect(tags.status, JSON.stringify(tags.body)).toBe(200);
    const tagIds = (
      await server.api.post(
        `/api/v2/tables/${tags.body.id}/records`,
        [
          { Title: 'fresh', Code: 'c-fresh' },
          { Title: 'sweet', Code: 'c-sweet' },
        ],
        opts(),
      )
    ).body.map((r: { Id: number }) => r.Id);
    const link = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/columns`,
      { title: 'Tags', uidt: 'Links', parentId: t.tableId, childId: tags.body.id, type: 'mm' },
      opts(),
    );
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const linkCol = link.body.columns.find((c: { title: string }) => c.title === 'Tags');
    const o = linkCol.colOptions;
    const junction = (await server.api.get(`/api/v1/db/meta/tables/${o.fk_mm_model_id}`, opts())).body;
    const nameOf = (id: string) => junction.columns.find((c: { id: string }) => c.id === id).column_name;
    await server.ctx.db(junction.table_name).insert([
      { [nameOf(o.fk_mm_child_column_id)]: ids[0], [nameOf(o.fk_mm_parent_column_id)]: tagIds[1] },
      { [nameOf(o.fk_mm_child_column_id)]: ids[1], [nameOf(o.fk_mm_parent_column_id)]: tagIds[0] },
    ]);
    const shared = await server.api.post(`/api/v1/db/meta/views/${grid.id}/share`, {}, opts());
    const linked = await server.api.get(pub(shared.body.uuid, `/rows/${ids[0]}/mm/${linkCol.id}`));
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.list).toEqual([{ Id: tagIds[1], Title: 'sweet' }]);
    expect(JSON.stringify(linked.body)).not.toContain('c-');
    // banana is outside the view's filters.
    expect((await server.api.get(pub(shared.body.uuid, `/rows/${ids[1]}/mm/${linkCol.id}`))).status).toBe(
      404,
    );
    expect((await server.api.get(pub(shared.body.uuid, `/rows/${ids[0]}/hm/${linkCol.id}`))).status).toBe(
      400,
    );
    const nested = await server.api.get(pub(shared.body.uuid, `/nested/${linkCol.id}`));
    expect(nested.body.list.map((r: { Title: string }) => r.Title)).toEqual(['fresh', 'sweet']);
    expect(JSON.stringify(nested.body)).not.toContain('c-');
    await server.api.patch(`/api/v1/db/meta/views/${grid.id}/columns/${linkCol.id}`, { show: false }, opts());
    expect((await server.api.get(pub(shared.body.uuid, `/nested/${linkCol.id}`))).status).toBe(400);
    grid.uuid = shared.body.uuid;
  });

  it('cuts access at once when the share is disabled', async () => {
    expect(
      (await server.api.delete(`/api/v1/db/meta/views/${grid.id}/share`, undefined, opts())).status,
    ).toBe(200);
    expect((await server.api.get(pub(grid.uuid, '/rows'))).status).toBe(404);
    expect((await server.api.get(pub(grid.uuid, '/meta'))).status).toBe(404);
    expect((await server.api.get(pub('not-a-uuid', '/meta'))).status).toBe(404);
  });
});

describe.each(testDatabases())('shared view password attempts on %s', (kind) => {
  let server: TestServer;
  afterAll(async () => server?.close());

  it('rate-limits wrong passwords per address with 429 and Retry-After', async () => {
    server = await startTestServer(kind, { NC_AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const t = await seedTable(server, []);
    const v = await server.api.post(`/api/v1/db/meta/views/${t.defaultViewId}/share`, {}, { token: t.token });
    await server.api.patch(
      `/api/v1/db/meta/views/${t.defaultViewId}/share`,
      { password: 'right one' },
      { token: t.token },
    );
    const url = `/api/v1/db/public/shared-view/${v.body.uuid}/rows`;
    for (let i = 0; i < 3; i++) {
      expect((await server.api.get(url, { headers: { 'xc-password': 'nope' } })).status).toBe(403);
    }
    const limited = await server.api.get(url, { headers: { 'xc-password': 'nope' } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
