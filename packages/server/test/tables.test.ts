import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { jobResult } from './jobs-fixtures.js';
import { createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';

describe.each(testDatabases())('tables on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let baseId: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signedInOwner(server);
    baseId = (await createBase(server, owner)).id;
  });
  afterAll(async () => server?.close());

  it('creates a table with the system columns, a prefixed physical name and a default grid view', async () => {
    const t = await createTable(server, owner, baseId, { title: 'Orders' });
    expect(t.title).toBe('Orders');
    expect(t.table_name).toMatch(/^nc_[a-z0-9]{4}___Orders$/);
    const byName = Object.fromEntries(t.columns.map((c: any) => [c.column_name, c]));
    expect(byName.id).toMatchObject({ uidt: 'ID', pk: true, ai: true, rqd: true });
    expect(byName.title).toMatchObject({ uidt: 'SingleLineText', pv: true });
    expect(String(byName.title.dtxp)).toBe('45');
    expect(byName.created_at).toMatchObject({ uidt: 'DateTime' });
    expect(byName.updated_at).toMatchObject({ uidt: 'DateTime', au: true });
    expect(t.views).toHaveLength(1);
    expect(t.views[0]).toMatchObject({ type: 3, is_default: true });
    // The table really exists and accepts a row.
    await server.ctx.db(t.table_name).insert({ title: 'first' });
    const rows = await server.ctx.db(t.table_name).select('*');
    expect(rows).toHaveLength(1);
    // Filled by the database: a time of today (SQLite gives text, the others a Date).
    const at = rows[0].created_at as unknown;
    const created = at instanceof Date ? at.getTime() : Date.parse(`${String(at).replace(' ', 'T')}Z`);
    expect(Math.abs(Date.now() - created)).toBeLessThan(86_400_000);
  });

  it('creates the request columns too and lists tables in order', async () => {
    const t = await createTable(server, owner, baseId, {
      table_name: 'people',
      title: 'People',
      columns: [
        { title: 'Email', uidt: 'Email' },
        { title: 'Age', uidt: 'Number' },
      ],
    });
    expect(t.columns.map((c: any) => c.title)).toEqual([
      'Id',
      'Title',
      'Email',
      'Age',
      'CreatedAt',
      'UpdatedAt',
      'nc_order',
    ]);
    const list = await server.api.get(`/api/v1/db/meta/projects/${baseId}/tables`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.list.map((x: any) => x.title)).toEqual(['Orders', 'People']);
    const v2 = await server.api.get(`/api/v2/meta/bases/${baseId}/tables`, { token: owner.token });
    expect(v2.body.list).toHaveLength(2);
  });

  it('accepts the column list a NocoDB client sends (system columns with MySQL-style types) on any engine', async () => {
    const t = await createTable(server, owner, baseId, {
      table_name: 'from_client',
      title: 'FromClient',
      columns: [
        { column_name: 'id', title: 'Id', uidt: 'ID', dt: 'int', pk: true, ai: true, rqd: true, un: true },
        { column_name: 'title', title: 'Title', uidt: 'SingleLineText', dt: 'varchar', dtxp: '45' },
        {
          column_name: 'created_at',
          title: 'CreatedAt',
          uidt: 'DateTime',
          dt: 'datetime',
          cdf: 'CURRENT_TIMESTAMP',
          system: true,
        },
        {
          column_name: 'updated_at',
          title: 'UpdatedAt',
          uidt: 'DateTime',
          dt: 'datetime',
          cdf: 'CURRENT_TIMESTAMP',
          au: true,
          system: true,
        },
      ],
    });
    // The row-order column is added as for any new table.
    expect(t.columns.map((c: any) => c.column_name)).toEqual([
      'id',
      'title',
      'created_at',
      'updated_at',
      'nc_order',
    ]);
    await server.ctx.db(t.table_name).insert({ title: 'x' });
    expect(await server.ctx.db(t.table_name).select('title')).toEqual([{ title: 'x' }]);
  });

  it('refuses duplicate, blank, padded, over-long and question-marked table names with 400', async () => {
    const dup = await server.api.post(
      `/api/v1/db/meta/projects/${baseId}/tables`,
      { title: 'orders' },
      { token: owner.token },
    );
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toMatch(/Duplicate table alias/);
    const blank = await server.api.post(
      `/api/v1/db/meta/projects/${baseId}/tables`,
      { title: '   ' },
      { token: owner.token },
    );
    expect(blank.status).toBe(400);
    const padded = await server.api.post(
      `/api/v1/db/meta/projects/${baseId}/tables`,
      { title: ' X ' },
      { token: owner.token },
    );
    expect(padded.status).toBe(400);
    expect(padded.body.msg).toMatch(/space/);
    const long = await server.api.post(
      `/api/v1/db/meta/projects/${baseId}/tables`,
      { title: 'L', table_name: 'x'.repeat(300) },
      { token: owner.token },
    );
    expect(long.status).toBe(400);
    const question = await server.api.post(
      `/api/v1/db/meta/projects/${baseId}/tables`,
      { title: 'Why', table_name: 'why?' },
      { token: owner.token },
    );
    expect(question.status).toBe(400);
    expect(question.body.msg).toBe("Table name 'why?' contains characters that are not allowed");
  });

  it('renames, reorders, duplicates (with rows) and deletes a table', async () => {
    const t = await createTable(server, owner, baseId, { title: 'Temp' });
    await server.ctx.db(t.table_name).insert([{ title: 'a' }, { title: 'b' }]);
    const renamed = await server.api.patch(
      `/api/v1/db/meta/tables/${t.id}`,
      { title: 'Temp2', table_name: 'temp2' },
      { token: owner.token },
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const after = await server.api.get(`/api/v1/db/meta/tables/${t.id}`, { token: owner.token });
    expect(after.body.title).toBe('Temp2');
    expect(after.body.table_name).toMatch(/___temp2$/);
    expect(await server.ctx.db(after.body.table_name).count({ n: '*' })).toEqual([{ n: expect.anything() }]);

    const reorder = await server.api.post(
      `/api/v1/db/meta/tables/${t.id}/reorder`,
      { order: 0 },
      { token: owner.token },
    );
    expect(reorder.status).toBe(200);
    const list = await server.api.get(`/api/v1/db/meta/projects/${baseId}/tables`, { token: owner.token });
    expect(list.body.list[0].id).toBe(t.id);

    const dup = await server.api.post(
      `/api/v1/db/meta/duplicate/${baseId}/table/${t.id}`,
      {},
      { token: owner.token },
    );
    expect(dup.status, JSON.stringify(dup.body)).toBe(200);
    expect(dup.body.name).toBe('Temp2 copy');
    const copy = await jobResult(server, dup.body.id, owner.token);
    expect(copy.title).toBe('Temp2 copy');
    const copied = await server.ctx.db(copy.table_name).orderBy('id').select('title');
    expect(copied.map((r: any) => r.title)).toEqual(['a', 'b']);

    const del = await server.api.delete(`/api/v1/db/meta/tables/${t.id}`, undefined, { token: owner.token });
    expect(del.status).toBe(200);
    expect(await server.ctx.db.schema.hasTable(after.body.table_name)).toBe(false);
    const gone = await server.api.get(`/api/v1/db/meta/tables/${t.id}`, { token: owner.token });
    expect(gone.status).toBe(404);
  });

  it('keeps bases apart: the same table name in two bases never collides', async () => {
    const other = await createBase(server, owner);
    const a = await createTable(server, owner, other.id, { title: 'Orders' });
    expect(a.table_name).not.toBe(
      (
        await server.api.get(`/api/v1/db/meta/projects/${baseId}/tables`, { token: owner.token })
      ).body.list.find((x: any) => x.title === 'Orders').table_name,
    );
  });

  it('refuses callers without access', async () => {
    const res = await server.api.get(`/api/v1/db/meta/projects/${baseId}/tables`);
    expect(res.status).toBe(401);
  });
});
