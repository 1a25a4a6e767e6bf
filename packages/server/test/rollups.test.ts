/**
 * Rollups with every function over has-many, many-to-many and belongs-to links, of numbers, dates, formulas
 * and booleans; Count fields; the per-type function rules; sorting and filtering on rollups.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { DATA, api, buildShop, field, ordersOf, productsOf, rows, type Shop } from './links-fixture.js';

const FUNCTIONS = [
  'count',
  'min',
  'max',
  'avg',
  'sum',
  'countDistinct',
  'sumDistinct',
  'avgDistinct',
] as const;

/** A rollup function computed in JavaScript over the values of the linked records (blanks skipped). */
function rollup(fn: (typeof FUNCTIONS)[number], values: readonly (number | null)[]): number | null {
  const v = values.filter((x): x is number => x !== null);
  const distinct = [...new Set(v)];
  const sum = (a: number[]) => a.reduce((s, x) => s + x, 0);
  switch (fn) {
    case 'count':
      return v.length;
    case 'countDistinct':
      return distinct.length;
    case 'sum':
      return sum(v);
    case 'sumDistinct':
      return sum(distinct);
    case 'avg':
      return v.length ? sum(v) / v.length : null;
    case 'avgDistinct':
      return distinct.length ? sum(distinct) / distinct.length : null;
    case 'min':
      return v.length ? Math.min(...v) : null;
    case 'max':
      return v.length ? Math.max(...v) : null;
  }
}

describe.each(testDatabases())('rollups on %s', (kind) => {
  let server: TestServer;
  let shop: Shop;
  const add = (table: keyof Shop['tables'], title: string, relation: string, target: string, fn: string) =>
    field(shop, table, {
      title,
      uidt: 'Rollup',
      fk_relation_column_id: shop.fields[relation],
      fk_rollup_column_id: shop.fields[target],
      rollup_function: fn,
    });

  beforeAll(async () => {
    server = await startTestServer(kind);
    shop = await buildShop(server);
    await field(shop, 'orders', { title: 'Total', uidt: 'Formula', formula_raw: '{Amount} * {Qty}' });
    for (const fn of FUNCTIONS)
      await add('customers', `Amount ${fn}`, 'Customers.Orders', 'Orders.Amount', fn);
    for (const fn of ['count', 'min', 'max', 'countDistinct'])
      await add('customers', `Day ${fn}`, 'Customers.Orders', 'Orders.Day', fn);
    await add('customers', 'Total sum', 'Customers.Orders', 'Orders.Total', 'sum');
    await add('customers', 'Paid sum', 'Customers.Orders', 'Orders.Paid', 'sum');
    await add('orders', 'Price sum', 'Orders.Products', 'Products.Price', 'sum');
    await add('orders', 'Price max', 'Orders.Products', 'Products.Price', 'max');
    await add('orders', 'City count', 'Orders.Customers', 'Customers.City', 'count');
    await add('countries', 'Customer orders', 'Countries.Customers', 'Customers.Orders', 'sum');
    await field(shop, 'customers', {
      title: 'Order count',
      uidt: 'Count',
      fk_relation_column_id: shop.fields['Customers.Orders'],
    });
  }, 240_000);
  afterAll(async () => server?.close());

  it('computes every rollup function over a has-many link', async () => {
    const list = await rows(shop, 'customers');
    list.forEach((row, i) => {
      const amounts = ordersOf(i + 1).map((o) => o.Amount);
      for (const fn of FUNCTIONS) {
        const expected = rollup(fn, amounts);
        if (expected === null) expect(row[`Amount ${fn}`], `${fn} of customer ${i + 1}`).toBeNull();
        else expect(row[`Amount ${fn}`], `${fn} of customer ${i + 1}`).toBeCloseTo(expected, 6);
      }
      expect(row['Order count']).toBe(ordersOf(i + 1).length);
    });
  });

  it('rolls up dates (count, min, max, countDistinct), formulas and checkboxes', async () => {
    const list = await rows(shop, 'customers');
    list.forEach((row, i) => {
      const orders = ordersOf(i + 1);
      const days = orders
        .map((o) => o.Day)
        .filter((d): d is string => d !== null)
        .sort();
      expect(row['Day count']).toBe(days.length);
      expect(row['Day countDistinct']).toBe(new Set(days).size);
      expect(row['Day min'] === null ? null : String(row['Day min']).slice(0, 10)).toEqual(days[0] ?? null);
      expect(row['Day max'] === null ? null : String(row['Day max']).slice(0, 10)).toEqual(
        days.at(-1) ?? null,
      );
      const totals = orders.map((o) => (o.Amount === null ? null : o.Amount * o.Qty));
      expect(row['Total sum']).toBeCloseTo(rollup('sum', totals)!, 6);
      expect(row['Paid sum']).toBe(orders.filter((o) => o.Paid).length);
    });
  });

  it('rolls up over many-to-many and belongs-to links, and over link counts', async () => {
    const orders = await rows(shop, 'orders');
    orders.forEach((row, i) => {
      const prices = productsOf(i + 1).map((p) => p.Price);
      expect(row['Price sum']).toBeCloseTo(rollup('sum', prices)!, 6);
      expect(row['Price max']).toEqual(rollup('max', prices));
      const c = DATA.orders[i]!.customer;
      expect(row['City count']).toBe(c && DATA.customers[c - 1]!.City !== null ? 1 : 0);
    });
    const countries = await rows(shop, 'countries');
    countries.forEach((row, k) => {
      const ids = DATA.customers.flatMap((c, i) => (c.country === k + 1 ? [i + 1] : []));
      expect(row['Customer orders']).toBe(ids.reduce((s, id) => s + ordersOf(id).length, 0));
    });
  });

  it('sorts and filters on rollups and Count fields', async () => {
    const bySum = await rows(shop, 'customers', '&sort=-Amount sum,Id');
    const sums = DATA.customers.map((_, i) => ({
      t: DATA.customers[i]!.Title,
      s: rollup(
        'sum',
        ordersOf(i + 1).map((o) => o.Amount),
      )!,
      id: i + 1,
    }));
    expect(bySum.map((c) => c.Title)).toEqual(
      [...sums].sort((a, b) => b.s - a.s || a.id - b.id).map((c) => c.t),
    );
    const big = await rows(shop, 'customers', `&where=${encodeURIComponent('(Amount sum,gt,40)')}`);
    expect(big.map((c) => c.Title)).toEqual(sums.filter((c) => c.s > 40).map((c) => c.t));
    const noAvg = await rows(shop, 'customers', `&where=${encodeURIComponent('(Amount avg,blank)')}`);
    expect(noAvg.map((c) => c.Title)).toEqual(['Dan']);
    const counted = await rows(shop, 'customers', `&where=${encodeURIComponent('(Order count,eq,2)')}`);
    expect(counted.map((c) => c.Title)).toEqual(['Cho']);
  });

  it('offers functions per field type and refuses the others with 400', async () => {
    const post = (target: string, fn: string) =>
      api(shop, 'post', `/api/v1/db/meta/tables/${shop.tables.customers.id}/columns`, {
        title: `Bad ${fn}`,
        uidt: 'Rollup',
        fk_relation_column_id: shop.fields['Customers.Orders'],
        fk_rollup_column_id: shop.fields[target],
        rollup_function: fn,
      });
    const text = await post('Orders.Title', 'sum');
    expect(text.status).toBe(400);
    expect(text.body.msg).toBe(
      "Rollup function 'sum' is not available for SingleLineText field 'Title'; use one of count",
    );
    const date = await post('Orders.Day', 'avg');
    expect(date.status).toBe(400);
    expect(date.body.msg).toBe(
      "Rollup function 'avg' is not available for Date field 'Day'; use one of count, min, max, countDistinct",
    );
    expect((await post('Orders.Title', 'count')).status).toBe(200);
    const unknown = await post('Orders.Amount', 'median');
    expect(unknown.status).toBe(400);
  });
});
