/**
 * Formula fields through the columns API: stored by field id and shown by title, computed on read over
 * stored fields, formulas, lookups, rollups and link counts, sorted and filtered; every docs/behaviour/formulas.md message
 * for a refused formula (422, never a 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { DATA, api, buildShop, field, ok, ordersOf, rows, type Shop } from './links-fixture.js';

describe.each(testDatabases())('formula fields on %s', (kind) => {
  let server: TestServer;
  let shop: Shop;
  const formula = (table: keyof Shop['tables'], title: string, text: string) =>
    field(shop, table, { title, uidt: 'Formula', formula_raw: text });
  const tryFormula = (table: keyof Shop['tables'], text: string) =>
    api(shop, 'post', `/api/v1/db/meta/tables/${shop.tables[table].id}/columns`, {
      title: `F${Math.random().toString(36).slice(2, 7)}`,
      uidt: 'Formula',
      formula_raw: text,
    });

  beforeAll(async () => {
    server = await startTestServer(kind);
    shop = await buildShop(server);
    await formula('orders', 'Total', '{Amount} * {Qty}');
    await formula('orders', 'Total plus', '{Total} + 1');
    await field(shop, 'orders', {
      title: 'City',
      uidt: 'Lookup',
      fk_relation_column_id: shop.fields['Orders.Customers'],
      fk_lookup_column_id: shop.fields['Customers.City'],
    });
    await formula('orders', 'Label', "CONCAT({Title}, ' @ ', {City})");
    await formula('orders', 'Next day', "DATEADD({Day}, 1, 'day')");
    await field(shop, 'customers', {
      title: 'Spent',
      uidt: 'Rollup',
      fk_relation_column_id: shop.fields['Customers.Orders'],
      fk_rollup_column_id: shop.fields['Orders.Total'],
      rollup_function: 'sum',
    });
    await formula('customers', 'Spent x2', '{Spent} * 2');
    await formula('customers', 'Size', "IF({Orders} > 1, 'many', 'few')");
    await field(shop, 'customers', {
      title: 'Totals',
      uidt: 'Lookup',
      fk_relation_column_id: shop.fields['Customers.Orders'],
      fk_lookup_column_id: shop.fields['Orders.Total plus'],
    });
    await formula('customers', 'Ids', 'RECORD_ID()');
  }, 240_000);
  afterAll(async () => server?.close());

  const total = (o: (typeof DATA.orders)[number]) => (o.Amount === null ? null : o.Amount * o.Qty);

  it('stores references by field id and shows them by title', async () => {
    const meta = await ok(shop, 'get', `/api/v1/db/meta/tables/${shop.tables.orders.id}`);
    const col = meta.columns.find((c: any) => c.title === 'Total');
    expect(col.colOptions.formula_raw).toBe('{Amount} * {Qty}');
    expect(col.colOptions.formula).toBe(`{${shop.fields['Orders.Amount']}} * {${shop.fields['Orders.Qty']}}`);
    // Renaming a referenced field changes how the formula reads, not what it computes.
    const amount = shop.fields['Orders.Amount'];
    await ok(shop, 'patch', `/api/v1/db/meta/columns/${amount}`, { title: 'Net amount' });
    const renamed = await ok(shop, 'get', `/api/v1/db/meta/tables/${shop.tables.orders.id}`);
    expect(renamed.columns.find((c: any) => c.title === 'Total').colOptions.formula_raw).toBe(
      '{Net amount} * {Qty}',
    );
    expect((await rows(shop, 'orders'))[0].Total).toBeCloseTo(10.5, 6);
    await ok(shop, 'patch', `/api/v1/db/meta/columns/${amount}`, { title: 'Amount' });
  });

  it('computes formulas over fields and formulas, row by row', async () => {
    const list = await rows(shop, 'orders');
    list.forEach((row, i) => {
      const o = DATA.orders[i]!;
      const t = total(o);
      if (t === null) {
        expect(row.Total).toBeNull();
        expect(row['Total plus']).toBeNull();
      } else {
        expect(row.Total).toBeCloseTo(t, 6);
        expect(row['Total plus']).toBeCloseTo(t + 1, 6);
      }
      const city = o.customer ? DATA.customers[o.customer - 1]!.City : null;
      expect(row.Label).toBe(`${o.Title} @ ${city ?? ''}`);
      if (o.Day === null) expect(row['Next day']).toBeNull();
      else {
        const next = new Date(`${o.Day}T00:00:00Z`);
        next.setUTCDate(next.getUTCDate() + 1);
        expect(String(row['Next day']).slice(0, 10)).toBe(next.toISOString().slice(0, 10));
      }
    });
  });

  it('computes formulas over rollups, link counts and lookups of formulas', async () => {
    const list = await rows(shop, 'customers');
    list.forEach((row, i) => {
      const orders = ordersOf(i + 1);
      const spent = orders.reduce((s, o) => s + (total(o) ?? 0), 0);
      expect(row.Spent).toBeCloseTo(spent, 6);
      expect(row['Spent x2']).toBeCloseTo(spent * 2, 6);
      expect(row.Size).toBe(orders.length > 1 ? 'many' : 'few');
      expect(row.Totals).toEqual(orders.map((o) => (total(o) === null ? null : total(o)! + 1)));
      expect(Number(row.Ids)).toBe(i + 1);
    });
  });

  it('sorts and filters on formulas', async () => {
    const sorted = await rows(shop, 'orders', '&sort=-Total,Id');
    const expected = DATA.orders
      .map((o, i) => ({ t: o.Title, v: total(o), id: i + 1 }))
      .sort((a, b) => (a.v === b.v ? a.id - b.id : a.v === null ? 1 : b.v === null ? -1 : b.v - a.v))
      .map((o) => o.t);
    expect(sorted.map((o) => o.Title)).toEqual(expected);
    const big = await rows(shop, 'orders', `&where=${encodeURIComponent('(Total,gt,40)')}`);
    expect(big.map((o) => o.Title)).toEqual(
      DATA.orders.filter((o) => (total(o) ?? 0) > 40).map((o) => o.Title),
    );
    const many = await rows(shop, 'customers', `&where=${encodeURIComponent('(Size,eq,many)')}`);
    expect(many.map((c) => c.Title)).toEqual(['Ann', 'Cho']);
    const paris = await rows(shop, 'orders', `&where=${encodeURIComponent('(Label,like,Paris)')}`);
    expect(paris.map((o) => o.Title)).toEqual(['o1', 'o2', 'o3']);
    const spent = await rows(shop, 'customers', '&sort=Spent x2,Id');
    expect(spent[0].Title).toBe('Dan');
  });

  it('adds a formula to a table with rows at once: nothing is written to the rows', async () => {
    const started = Date.now();
    await formula('orders', 'Double', '{Qty} * 2');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await rows(shop, 'orders')).map((o) => o.Double)).toEqual(DATA.orders.map((o) => o.Qty * 2));
  });

  it('refuses bad formulas with 422 and the validation message', async () => {
    const cases: [string, string][] = [
      ['FOO(1)', 'Function FOO is not available'],
      ['MID({Title}, 1)', 'Required arguments missing'],
      ['CONCAT()', 'Minimum arguments required'],
      ['ROUND(1, 2, 3)', 'Maximum arguments missing'],
      ['ROUND({Title})', 'Field Title with SingleLineText type is found but numeric type is expected'],
      ['ROUND("abc")', 'Numeric type is expected'],
      ['{Nope} + 1', 'Invalid column name/id "Nope" in formula'],
      ['-{Qty}', 'Unary expression is not supported'],
    ];
    const unsupported: Record<string, string | undefined> = { sqlite: 'LOG', mysql: 'COUNTA', pg: undefined };
    const fn = unsupported[kind];
    if (fn) cases.push([`${fn}(1)`, `Function ${fn} is not available`]);
    for (const [text, message] of cases) {
      const res = await tryFormula('orders', text);
      expect(res.status, text).toBe(422);
      expect(res.body.msg, text).toBe(message);
    }
    const blank = await tryFormula('orders', '  ');
    expect(blank.status).toBe(400);
  });

  it('refuses a formula the database cannot compute on the rows (422, not a 500 on later reads)', async () => {
    // Titles are not JSON: PostgreSQL and SQLite fail at run time; MariaDB answers NULL and accepts it.
    const res = await tryFormula('orders', "JSON_EXTRACT({Title}, '$.a')");
    if (kind === 'mysql') expect(res.status).toBe(200);
    else {
      expect(res.status).toBe(422);
      expect(res.body.msg).toMatch(/^Invalid formula: /);
      expect(res.body.msg).not.toMatch(/select/i);
    }
    expect((await rows(shop, 'orders')).length).toBe(DATA.orders.length);
  });

  it('refuses a change that makes formulas refer to themselves', async () => {
    const id = shop.fields['Orders.Total'];
    const res = await api(shop, 'patch', `/api/v1/db/meta/columns/${id}`, {
      formula_raw: '{Total plus} * 2',
    });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('Circular reference detected');
    const self = await api(shop, 'patch', `/api/v1/db/meta/columns/${id}`, { formula_raw: '{Total} + 1' });
    expect(self.status).toBe(422);
    expect(self.body.msg).toBe('Circular reference detected');
    // Across tables: Customers.Spent rolls up Orders.Total; Orders.Total may not use the customer's Spent.
    await field(shop, 'orders', {
      title: 'Customer spent',
      uidt: 'Lookup',
      fk_relation_column_id: shop.fields['Orders.Customers'],
      fk_lookup_column_id: shop.fields['Customers.Spent'],
    });
    const across = await api(shop, 'patch', `/api/v1/db/meta/columns/${id}`, {
      formula_raw: '{Customer spent} + 1',
    });
    expect(across.status).toBe(422);
    expect(across.body.msg).toBe('Circular reference detected');
    // The refused changes left the field as it was.
    expect((await rows(shop, 'orders'))[0].Total).toBeCloseTo(10.5, 6);
  });
});
