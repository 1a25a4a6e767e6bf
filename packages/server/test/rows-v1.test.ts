/**
 * The v1 row API as NocoDB clients call it: /api/v1/db/data/noco/{baseId}/{table}. One table with many field
 * types; create, read, list, find-one, count, exist, groupby, group, update, delete; bad inputs are 4xx and
 * leave the data as it was; read and write permissions per base role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { allRows, countRows, createProductTable, productRow, type ProductTable } from './rows-fixtures.js';

describe.each(testDatabases())('v1 rows on %s', (kind) => {
  let server: TestServer;
  let t: ProductTable;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await createProductTable(server);
    token = t.owner.token;
  });
  afterAll(async () => server?.close());

  const full = {
    Title: 'Widget',
    Notes: 'line one\nline two',
    Qty: 3,
    Price: 12.5,
    Cost: 99.99,
    Discount: 15,
    Stars: 4,
    Done: true,
    Day: '2024-02-29',
    At: '2024-03-01T10:30:00+02:00',
    Opens: '09:15',
    Mail: 'Sales@Example.com',
    Site: 'https://example.com/widget',
    Phone: '+14155552671',
    Status: 'open',
    Tags: ['red', 'blue'],
    Data: { size: 'L', sizes: [1, 2] },
    Files: [
      {
        path: 'download/2024-01/aaaaaaaaaaaaaaaaaaaaaaaa.png',
        title: 'a.png',
        mimetype: 'image/png',
        size: 4,
      },
    ],
    Made: 2020,
    Code: 'W-1',
  };

  it('creates a row with every field type and reads it back the same', async () => {
    const res = await server.api.post(t.v1, full, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      Id: 1,
      Title: 'Widget',
      Notes: 'line one\nline two',
      Qty: 3,
      Price: 12.5,
      Cost: 99.99,
      Discount: 15,
      Stars: 4,
      Done: true,
      Day: '2024-02-29',
      At: '2024-03-01 08:30:00+00:00',
      Opens: '09:15:00',
      Mail: 'Sales@Example.com',
      Site: 'https://example.com/widget',
      Phone: '+14155552671',
      Status: 'open',
      Tags: 'red,blue',
      Data: { size: 'L', sizes: [1, 2] },
      Files: full.Files,
      Made: 2020,
      Code: 'W-1',
    });
    expect(res.body.CreatedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+00:00$/);
    const read = await server.api.get(`${t.v1}/1`, { token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it('reaches the table by title and the base by id, and lists with pageInfo', async () => {
    await server.api.post(t.bulk, [productRow(2), productRow(3), productRow(4)], { token });
    const res = await server.api.get(`/api/v1/db/data/noco/${t.baseId}/Products?limit=2&sort=-Id`, { token });
    expect(res.status).toBe(200);
    expect(res.body.list.map((r: any) => r.Id)).toEqual([4, 3]);
    expect(res.body.pageInfo).toEqual({
      totalRows: 4,
      page: 1,
      pageSize: 2,
      isFirstPage: true,
      isLastPage: false,
    });
    const fields = await server.api.get(`${t.v1}?fields=Title,Qty&where=(Qty,gt,2)&sort=Qty`, { token });
    expect(fields.body.list).toEqual([
      { Title: 'Widget', Qty: 3 },
      { Title: 'Product 3', Qty: 3 },
      { Title: 'Product 4', Qty: 4 },
    ]);
  });

  it('finds one, counts, checks existence, groups', async () => {
    const one = await server.api.get(`${t.v1}/find-one?where=(Code,eq,P-3)`, { token });
    expect(one.body).toMatchObject({ Id: 3, Title: 'Product 3' });
    const none = await server.api.get(`${t.v1}/find-one?where=(Code,eq,nope)`, { token });
    expect(none.body).toEqual({});
    const count = await server.api.get(`${t.v1}/count?where=(Status,eq,open)`, { token });
    expect(count.body).toEqual({ count: 3 });
    expect((await server.api.get(`${t.v1}/2/exist`, { token })).body).toBe(true);
    expect((await server.api.get(`${t.v1}/99/exist`, { token })).body).toBe(false);
    const grouped = await server.api.get(`${t.v1}/groupby?column_name=Status`, { token });
    // Select fields sort in the order of their options.
    expect(grouped.body.list).toEqual([
      { Status: 'open', count: 3 },
      { Status: 'closed', count: 1 },
    ]);
    const statusId = t.table.columns.find((c: any) => c.title === 'Status').id;
    const groups = await server.api.get(`${t.v1}/group/${statusId}?limit=10`, { token });
    expect(groups.status).toBe(200);
    expect(groups.body.map((g: any) => [g.key, g.value.pageInfo.totalRows])).toEqual([
      [null, 0],
      ['open', 3],
      ['closed', 1],
    ]);
  });

  it('updates a row and refreshes UpdatedAt', async () => {
    const before = (await server.api.get(`${t.v1}/2`, { token })).body;
    await new Promise((r) => setTimeout(r, 1100));
    const res = await server.api.patch(`${t.v1}/2`, { Qty: 20, Tags: 'green' }, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ Id: 2, Qty: 20, Tags: 'green', Title: 'Product 2' });
    expect(res.body.UpdatedAt > before.UpdatedAt).toBe(true);
    expect(res.body.CreatedAt).toBe(before.CreatedAt);
  });

  it.each([
    [{ Mail: 'not-an-email' }, 'Validation failed : isEmail'],
    [{ Site: 'not a url' }, 'Validation failed : isURL'],
    [{ Phone: 'call me' }, 'Validation failed : isMobilePhone'],
    [{ Status: 'maybe' }, 'Invalid option(s) "maybe" provided for column "Status"'],
    [{ Tags: ['red', 'pink'] }, 'Invalid option(s) "pink"'],
    [{ Qty: 'many' }, "for field 'Qty'"],
    [{ Qty: 1.5 }, 'an integer is expected'],
    [{ Price: '12,50' }, "for field 'Price'"],
    [{ Day: '2024-02-30' }, "Invalid date '2024-02-30' for field 'Day'"],
    [{ At: 'yesterday-ish' }, "Invalid datetime 'yesterday-ish' for field 'At'"],
    [{ Data: '{not json' }, "Invalid JSON for field 'Data'"],
    [{ Done: 'perhaps' }, "for field 'Done'"],
    [{ Files: [{ title: 'x' }] }, 'each item needs a url or path'],
    [{ Nope: 1 }, "Field 'Nope' not found in table 'Products'"],
    [{ Code: null }, "Field 'Code' is required"],
  ])('refuses %j with 400 and changes nothing', async (patch, message) => {
    const before = await allRows(server, t);
    const created = await server.api.post(t.v1, { ...productRow(50), ...patch }, { token });
    expect(created.status).toBe(400);
    expect(created.body.msg).toContain(message);
    const updated = await server.api.patch(`${t.v1}/3`, patch, { token });
    expect(updated.status).toBe(400);
    expect(await allRows(server, t)).toEqual(before);
  });

  it('refuses a value longer than its column and a duplicate in a unique field, the same on every database', async () => {
    const before = await countRows(server, t);
    const long = await server.api.post(t.v1, productRow(60, { Title: 'x'.repeat(46) }), { token });
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe("Field 'Title' takes at most 45 characters");
    const col = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/columns`,
      { column_name: 'sku', title: 'Sku', uidt: 'SingleLineText', unique: true },
      { token },
    );
    expect(col.status, JSON.stringify(col.body)).toBe(200);
    expect((await server.api.patch(`${t.v1}/2`, { Sku: 'S-1' }, { token })).status).toBe(200);
    const dup = await server.api.post(
      t.bulk,
      [productRow(61, { Sku: 'S-2' }), productRow(62, { Sku: 'S-1' })],
      { token },
    );
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe("Field 'Sku' must be unique: the value is already used");
    expect(await countRows(server, t)).toBe(before);
  });

  it('computes formula fields in the page query, and sorts by them', async () => {
    const col = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/columns`,
      { title: 'Total', uidt: 'Formula', formula_raw: '{Qty} * {Price}' },
      { token },
    );
    expect(col.status, JSON.stringify(col.body)).toBe(200);
    const upper = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/columns`,
      { title: 'Shout', uidt: 'Formula', formula_raw: 'LOWER({Code})' },
      { token },
    );
    expect(upper.status, JSON.stringify(upper.body)).toBe(200);
    const res = await server.api.get(`${t.v1}?fields=Id,Qty,Price,Total,Shout&sort=-Total&limit=2`, {
      token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.list).toEqual([
      { Id: 2, Qty: 20, Price: 3, Total: 60, Shout: 'p-2' },
      { Id: 1, Qty: 3, Price: 12.5, Total: 37.5, Shout: 'w-1' },
    ]);
    const one = await server.api.get(`${t.v1}/3`, { token });
    expect(one.body).toMatchObject({ Total: 13.5, Shout: 'p-3' });
  });

  it('requires required fields on create', async () => {
    const res = await server.api.post(t.v1, { Title: 'no code' }, { token });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe("Field 'Code' is required");
    expect(res.body.errors).toEqual([{ instancePath: '/Code', message: "Field 'Code' is required" }]);
  });

  it('answers 400 for a bad where, sort or paging and 404 for unknown rows, tables and bases', async () => {
    const bad = await server.api.get(`${t.v1}?where=(Qty,gt`, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Invalid where');
    expect((await server.api.get(`${t.v1}?sort=-Nope`, { token })).status).toBe(400);
    expect((await server.api.get(`${t.v1}?limit=abc`, { token })).status).toBe(400);
    expect((await server.api.get(`${t.v1}/999`, { token })).status).toBe(404);
    expect((await server.api.get(`${t.v1}/abc`, { token })).status).toBe(400);
    expect((await server.api.patch(`${t.v1}/999`, { Qty: 1 }, { token })).status).toBe(404);
    expect((await server.api.delete(`${t.v1}/999`, undefined, { token })).status).toBe(404);
    expect((await server.api.get(`/api/v1/db/data/noco/${t.baseId}/Nope`, { token })).status).toBe(404);
    expect((await server.api.get(`/api/v1/db/data/noco/pnope/${t.tableId}`, { token })).status).toBe(404);
  });

  it('deletes a row', async () => {
    const before = await countRows(server, t);
    const res = await server.api.delete(`${t.v1}/4`, undefined, { token });
    expect(res.status).toBe(200);
    expect((await server.api.get(`${t.v1}/4`, { token })).status).toBe(404);
    expect(await countRows(server, t)).toBe(before - 1);
  });

  it('lets a viewer read but not write, and keeps out users without a role', async () => {
    const stranger = await signUpUser(server.api);
    expect((await server.api.get(t.v1, { token: stranger.token })).status).toBe(403);
    expect((await server.api.get(t.v1)).status).toBe(401);
    const viewer = await signUpUser(server.api);
    const invite = await server.api.post(
      `/api/v1/db/meta/projects/${t.baseId}/users`,
      { email: viewer.email, roles: 'viewer' },
      { token },
    );
    expect(invite.status, JSON.stringify(invite.body)).toBe(200);
    expect((await server.api.get(t.v1, { token: viewer.token })).status).toBe(200);
    const before = await countRows(server, t);
    expect((await server.api.post(t.v1, productRow(70), { token: viewer.token })).status).toBe(403);
    expect((await server.api.patch(`${t.v1}/2`, { Qty: 0 }, { token: viewer.token })).status).toBe(403);
    expect((await server.api.delete(`${t.v1}/2`, undefined, { token: viewer.token })).status).toBe(403);
    expect(await countRows(server, t)).toBe(before);
  });
});
