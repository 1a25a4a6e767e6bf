/**
 * The formula editor's preview: a draft formula compiled against its table as saving would, run on the first
 * rows (type and values), syntax errors placed in the text as typed; nothing is saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { api, buildShop, ok, type Shop } from './links-fixture.js';

describe.each(testDatabases())('formula preview on %s', (kind) => {
  let server: TestServer;
  let shop: Shop;
  const preview = (body: unknown) =>
    api(shop, 'post', `/api/v1/db/meta/tables/${shop.tables.orders.id}/formula-preview`, body);

  beforeAll(async () => {
    server = await startTestServer(kind);
    shop = await buildShop(server);
  }, 240_000);
  afterAll(async () => server?.close());

  it('gives the result type and the first rows values, computed by the database', async () => {
    const res = await preview({ formula_raw: '{Amount} * {Qty}' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.type).toBe('numeric');
    expect(res.body.rows.map((r: { id: unknown }) => Number(r.id))).toEqual([1, 2, 3, 4, 5]);
    expect(res.body.rows.map((r: { value: unknown }) => (r.value === null ? null : Number(r.value)))).toEqual(
      [10.5, 40, 60, 21, null],
    );
    const text = await preview({ formula_raw: 'CONCAT({Title}, "-", {Qty})' });
    expect(text.body.type).toBe('string');
    expect(text.body.rows[0].value).toBe('o1-1');
    // Nothing was saved.
    const meta = await ok(shop, 'get', `/api/v1/db/meta/tables/${shop.tables.orders.id}`);
    expect(meta.columns.some((c: { uidt: string }) => c.uidt === 'Formula')).toBe(false);
  });

  it('places a syntax error in the text as typed, and names unknown fields', async () => {
    const res = await preview({ formula_raw: '{Amount} * ' });
    expect(res.status).toBe(422);
    expect(res.body.msg).toContain('character 11');
    expect(res.body.errors[0].position).toBe(11);
    const unknown = await preview({ formula_raw: '{Nope} + 1' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.msg).toBe('Invalid column name/id "Nope" in formula');
    expect((await preview({})).status).toBe(400);
  });

  it('reports the same position when a formula field is saved', async () => {
    const res = await api(shop, 'post', `/api/v1/db/meta/tables/${shop.tables.orders.id}/columns`, {
      title: 'Bad',
      uidt: 'Formula',
      formula_raw: '{Amount} * ',
    });
    expect(res.status).toBe(422);
    expect(res.body.msg).toContain('character 11');
  });
});
