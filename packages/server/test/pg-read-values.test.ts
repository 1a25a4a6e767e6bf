/**
 * Dates and timestamps without zone are read as PostgreSQL's text, not as the driver's Date
 * (docs/performance.md, "Dates as text on PostgreSQL"): every value the API returns must stay what it was.
 * Each field of the product table, edge values set in SQL included (infinity, BC, fractions of seconds,
 * year 99), is paged through the API and compared with the row read through knex (the driver's own parsers)
 * and decoded by the same field codecs. Runs on PostgreSQL only (RB_TEST_DBS must include pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { createProductTable, insertRows, productRow, type ProductTable } from './rows-fixtures.js';

const kind = 'pg';

describe.runIf(testDatabases().includes(kind))('values read on PostgreSQL', () => {
  let server: TestServer;
  let t: ProductTable;

  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await createProductTable(server);
    await insertRows(server, t, [
      productRow(1, { Day: '2024-02-29', At: '2024-02-29 23:59:58', Opens: '08:30:00', Made: 2024 }),
      productRow(2, { Day: '1970-01-01', At: '1970-01-01 00:00:00', Notes: 'x', Data: { a: [1, 2] } }),
      productRow(3, { Day: '2038-01-19', At: '2038-01-19T03:14:07Z', Discount: 12.5, Stars: 4 }),
      productRow(4, {
        Tags: 'red,blue',
        Mail: 'a@b.co',
        Site: 'https://example.com/a',
        Phone: '+14155552671',
        Cost: 9.99,
      }),
      productRow(5),
    ]);
    // Values the API does not write but a table can hold.
    const edges: [string, string][] = [
      ['infinity', 'infinity'],
      ['-infinity', '-infinity'],
      ['0044-03-15 BC', '0044-03-15 12:00:00 BC'],
      ['0099-12-31', '0099-12-31 23:59:59.999999'],
      ['12345-06-07', '12345-06-07 08:09:10'],
      ['2024-03-10', '2024-03-10 02:30:00.5'],
      ['2024-10-27', '2024-10-27 01:30:00.123'],
    ];
    for (const [i, [day, at]] of edges.entries()) {
      await server.ctx.db.raw(`insert into ?? (title, code, day, at) values (?, ?, ?::date, ?::timestamp)`, [
        t.table.table_name,
        `Edge ${i}`,
        `E-${i}`,
        day,
        at,
      ]);
    }
  }, 60_000);
  afterAll(async () => server?.close());

  it('pages every field as the driver-parsed row decodes', async () => {
    const { model } = await server.ctx.tableModels.get(server.ctx, t.tableId);
    const raw = await server.ctx.db(model.tableName).select('*').orderBy('id');
    expect(raw.length).toBe(12);
    const expected = raw.map((r: Record<string, unknown>) => {
      const out: Record<string, unknown> = {};
      for (const f of model.fields) if (f.name !== null) out[f.title] = f.decode(r[f.name]);
      return out;
    });
    // Through JSON, as the API sends them. A time that a daylight-saving change skips in the server's zone
    // came back moved by the driver's local Date; its digits now come back as stored, in every zone.
    const want = JSON.parse(JSON.stringify(expected));
    want.find((r: Record<string, unknown>) => r.Code === 'E-5').At = '2024-03-10 02:30:00+00:00';
    for (const path of [
      `${t.v2}?limit=100&sort=Id`,
      `${t.v1}?limit=100&sort=Id`,
      `${t.v2}?limit=5&offset=7&sort=Id`,
    ]) {
      const res = await server.api.get(path, { token: t.owner.token });
      expect(res.status).toBe(200);
      const from = path.includes('offset=7') ? 7 : 0;
      // Hidden system columns (row order) are not in the API's rows; every field the user sees is.
      const shown = Object.keys(res.body.list[0]);
      expect(shown).toEqual(
        expect.arrayContaining(['Id', 'Day', 'At', 'CreatedAt', 'UpdatedAt', 'Data', 'Tags']),
      );
      const picked = want.map((r: Record<string, unknown>) =>
        Object.fromEntries(shown.map((k) => [k, r[k]])),
      );
      expect(res.body.list).toEqual(picked.slice(from, from + res.body.list.length));
      expect(res.body.list.length).toBe(path.includes('offset=7') ? 5 : 12);
    }
    const one = await server.api.get(`${t.v2}/${want[0].Id}`, { token: t.owner.token });
    expect(one.body).toEqual(Object.fromEntries(Object.keys(one.body).map((k) => [k, want[0][k]])));
    expect(Object.keys(one.body)).toEqual(expect.arrayContaining(['Day', 'At', 'Opens', 'Made']));
    // The digits the user wrote come back as they were.
    expect(want.slice(0, 3).map((r: Record<string, unknown>) => [r.Day, r.At])).toEqual([
      ['2024-02-29', '2024-02-29 23:59:58+00:00'],
      ['1970-01-01', '1970-01-01 00:00:00+00:00'],
      ['2038-01-19', '2038-01-19 03:14:07+00:00'],
    ]);
  });

  it('groups by a date and a datetime as before', async () => {
    const { model } = await server.ctx.tableModels.get(server.ctx, t.tableId);
    const grouped: [string, string][] = [
      ['Day', 'day'],
      ['At', 'at'],
    ];
    for (const [title, column] of grouped) {
      const f = model.fields.find((x) => x.title === title)!;
      const raw = await server.ctx
        .db(model.tableName)
        .select(column)
        .count({ count: '*' })
        .groupBy(column)
        .orderBy(column, 'asc', 'first');
      const res = await server.api.get(`${t.v1}/groupby?column_name=${title}&limit=100`, {
        token: t.owner.token,
      });
      expect(res.status).toBe(200);
      const want = JSON.parse(
        JSON.stringify(
          (raw as Record<string, unknown>[]).map((r) => ({
            [title]: f.decode(r[column]),
            count: Number(r.count),
          })),
        ),
      );
      expect(new Set(res.body.list.map((r: object) => JSON.stringify(r)))).toEqual(
        new Set(want.map((r: object) => JSON.stringify(r))),
      );
    }
  });
});
