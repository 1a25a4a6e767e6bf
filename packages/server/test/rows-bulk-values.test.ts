/**
 * Values through the bulk insert read back exactly as written, for every field type: on PostgreSQL the rows of a
 * statement go in as one text array per column (data/pg-insert.ts), so quotes, backslashes, braces, commas,
 * the text `NULL`, empty values and JSON must survive the array literal, and a value too long for its column is
 * refused as a single insert refuses it, with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { countRows, createProductTable, type ProductTable } from './rows-fixtures.js';

const TRICKY = [
  'plain',
  'NULL',
  'null',
  '',
  'a "quoted" word',
  'back\\slash \\" and \\\\ two',
  '{braces},[brackets],(parens)',
  "it's, with commas",
  'line one\nline two\ttab',
  'ünïcödé ✓ 😀',
  '$1 ? ?? :name',
];

function rowOf(i: number): Record<string, unknown> {
  const text = TRICKY[i % TRICKY.length]!;
  return {
    Title: `T${i} ${text}`.slice(0, 40),
    Notes: text,
    Qty: i % 7 === 0 ? null : i - 100,
    Price: i / 4,
    Cost: 99.99,
    Discount: 15,
    Stars: (i % 5) + 1,
    Done: i % 3 === 0,
    Day: '2024-02-29',
    At: '2024-03-01T10:30:00+02:00',
    Opens: '09:15',
    Mail: 'Sales@Example.com',
    Site: 'https://example.com/widget',
    Phone: '+14155552671',
    Status: i % 2 ? 'open' : null,
    Tags: ['red', 'blue'],
    Data: { text, n: i, list: [1, '{"x"}', null] },
    Files: [{ path: 'download/2024-01/a.png', title: `${text}.png`, mimetype: 'image/png', size: 4 }],
    Made: 2020,
    Code: `C-${i}`,
  };
}

describe.each(testDatabases())('bulk insert values on %s', (kind) => {
  let server: TestServer;
  let t: ProductTable;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await createProductTable(server);
    token = t.owner.token;
  });
  afterAll(async () => server?.close());

  it('reads every value of a bulk insert back as written', async () => {
    const rows = Array.from({ length: 240 }, (_, i) => rowOf(i));
    const res = await server.api.post(t.bulk, rows, { token });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body).toHaveLength(240);
    const list = await server.api.get(`${t.v2}?limit=1000&sort=Id`, { token });
    expect(list.status).toBe(200);
    expect(list.body.list).toHaveLength(240);
    list.body.list.forEach((got: Record<string, unknown>, i: number) => {
      const text = TRICKY[i % TRICKY.length]!;
      expect(got.Id).toBe(res.body[i].Id);
      expect(got).toMatchObject({
        Title: `T${i} ${text}`.slice(0, 40),
        Notes: text,
        Qty: i % 7 === 0 ? null : i - 100,
        Price: i / 4,
        Cost: 99.99,
        Discount: 15,
        Stars: (i % 5) + 1,
        Done: i % 3 === 0,
        Day: '2024-02-29',
        At: '2024-03-01 08:30:00+00:00',
        Opens: '09:15:00',
        Mail: 'Sales@Example.com',
        Status: i % 2 ? 'open' : null,
        Tags: 'red,blue',
        Data: { text, n: i, list: [1, '{"x"}', null] },
        Files: [{ path: 'download/2024-01/a.png', title: `${text}.png`, mimetype: 'image/png', size: 4 }],
        Made: 2020,
        Code: `C-${i}`,
      });
    });
  });

  it('refuses a batch with a value too long for its column, as a single insert does, writing nothing', async () => {
    const before = await countRows(server, t);
    const long = 'x'.repeat(300);
    const one = await server.api.post(t.v2, { ...rowOf(1), Title: long }, { token });
    const rows = [rowOf(1), rowOf(2), { ...rowOf(3), Title: long }, rowOf(4)];
    const bulk = await server.api.post(t.bulk, rows, { token });
    expect(bulk.status).toBe(one.status);
    expect(bulk.status).toBe(400);
    expect(await countRows(server, t)).toBe(before);
  });
});
