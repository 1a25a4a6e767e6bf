/**
 * Lookups through every link kind, chained through several links, of stored fields, formulas, link counts
 * and other lookups; values checked row by row against the fixture's data, then sorted and filtered on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { DATA, api, buildShop, field, ok, ordersOf, productsOf, rows, type Shop } from './links-fixture.js';

describe.each(testDatabases())('lookups on %s', (kind) => {
  let server: TestServer;
  let shop: Shop;
  const lookup = (table: keyof Shop['tables'], title: string, relation: string, target: string) =>
    field(shop, table, {
      title,
      uidt: 'Lookup',
      fk_relation_column_id: shop.fields[relation],
      fk_lookup_column_id: shop.fields[target],
    });

  beforeAll(async () => {
    server = await startTestServer(kind);
    shop = await buildShop(server);
    await field(shop, 'orders', { title: 'Total', uidt: 'Formula', formula_raw: '{Amount} * {Qty}' });
    await lookup('customers', 'Order titles', 'Customers.Orders', 'Orders.Title');
    await lookup('customers', 'Order days', 'Customers.Orders', 'Orders.Day');
    await lookup('customers', 'Paid flags', 'Customers.Orders', 'Orders.Paid');
    await lookup('customers', 'Order totals', 'Customers.Orders', 'Orders.Total');
    await lookup('customers', 'Product counts', 'Customers.Orders', 'Orders.Products');
    await lookup('customers', 'Country name', 'Customers.Country', 'Countries.Title');
    await lookup('orders', 'Customer city', 'Orders.Customers', 'Customers.City');
    await lookup('orders', 'Product prices', 'Orders.Products', 'Products.Price');
    await lookup('orders', 'Customer country', 'Orders.Customers', 'Customers.Country name');
    await lookup('countries', 'Country orders', 'Countries.Customers', 'Customers.Order titles');
    await lookup('products', 'Buyers', 'Products.Orders', 'Orders.Customer city');
  }, 180_000);
  afterAll(async () => server?.close());

  const customerOf = (orderIndex: number) => {
    const c = DATA.orders[orderIndex]!.customer;
    return c ? DATA.customers[c - 1]! : undefined;
  };

  it('looks up has-many values as arrays in link order, of any field type', async () => {
    const list = await rows(shop, 'customers');
    list.forEach((row, i) => {
      const orders = ordersOf(i + 1);
      expect(row['Order titles']).toEqual(orders.map((o) => o.Title));
      expect(row['Order days']).toEqual(orders.map((o) => o.Day));
      expect(row['Paid flags']).toEqual(orders.map((o) => o.Paid));
      expect(row['Product counts']).toEqual(orders.map((o) => productsOf(o.Id).length));
      const totals = row['Order totals'] as (number | null)[];
      expect(totals).toHaveLength(orders.length);
      orders.forEach((o, j) => {
        if (o.Amount === null) expect(totals[j]).toBeNull();
        else expect(Number(totals[j])).toBeCloseTo(o.Amount * o.Qty, 6);
      });
    });
  });

  it('looks up a belongs-to value as one value, and many-to-many values as an array', async () => {
    const list = await rows(shop, 'orders');
    list.forEach((row, i) => {
      expect(row['Customer city']).toEqual(customerOf(i)?.City ?? null);
      expect(row['Product prices']).toEqual(productsOf(i + 1).map((p) => p.Price));
    });
    const customers = await rows(shop, 'customers');
    expect(customers.map((c) => c['Country name'])).toEqual(
      DATA.customers.map((c) => (c.country ? DATA.countries[c.country - 1]!.Title : null)),
    );
  });

  it('follows chains of lookups: bt through bt, hm through hm (flattened), mm through bt', async () => {
    const orders = await rows(shop, 'orders');
    orders.forEach((row, i) => {
      const c = customerOf(i);
      expect(row['Customer country']).toEqual(c?.country ? DATA.countries[c.country - 1]!.Title : null);
    });
    const countries = await rows(shop, 'countries');
    countries.forEach((row, k) => {
      const expected = DATA.customers
        .map((c, i) => ({ c, id: i + 1 }))
        .filter(({ c }) => c.country === k + 1)
        .flatMap(({ id }) => ordersOf(id).map((o) => o.Title));
      expect(row['Country orders']).toEqual(expected);
    });
    const products = await rows(shop, 'products');
    products.forEach((row, p) => {
      const buyers = DATA.orderProducts
        .filter(([, pid]) => pid === p + 1)
        .sort((a, b) => a[0] - b[0])
        .map(([oid]) => customerOf(oid - 1)?.City ?? null);
      expect(row.Buyers).toEqual(buyers);
    });
  });

  it('sorts and filters on lookups', async () => {
    const byCity = await rows(shop, 'orders', '&sort=-Customer city,Id');
    const expected = DATA.orders
      .map((o, i) => ({ t: o.Title, city: customerOf(i)?.City ?? null, id: i + 1 }))
      .sort((a, b) =>
        a.city === b.city
          ? a.id - b.id
          : a.city === null
            ? 1
            : b.city === null
              ? -1
              : a.city < b.city
                ? 1
                : -1,
      )
      .map((o) => o.t);
    expect(byCity.map((o) => o.Title)).toEqual(expected);
    const paris = await rows(shop, 'orders', `&where=${encodeURIComponent('(Customer city,eq,Paris)')}`);
    expect(paris.map((o) => o.Title)).toEqual(['o1', 'o2', 'o3']);
    const hasO4 = await rows(shop, 'customers', `&where=${encodeURIComponent('(Order titles,like,o4)')}`);
    expect(hasO4.map((c) => c.Title)).toEqual(['Bob']);
    const noOrders = await rows(shop, 'customers', `&where=${encodeURIComponent('(Order titles,blank)')}`);
    expect(noOrders.map((c) => c.Title)).toEqual(['Dan']);
    const japan = await rows(shop, 'orders', `&where=${encodeURIComponent('(Customer country,eq,Japan)')}`);
    expect(japan.map((o) => o.Title)).toEqual(['o5', 'o6']);
    const groups = await ok(
      shop,
      'get',
      `/api/v1/db/data/noco/${shop.baseId}/${shop.tables.orders.id}/groupby?column_name=${encodeURIComponent('Customer city')}`,
    );
    expect(groups.list).toEqual([
      { 'Customer city': null, count: 1 },
      { 'Customer city': 'Lyon', count: 1 },
      { 'Customer city': 'Osaka', count: 2 },
      { 'Customer city': 'Paris', count: 3 },
    ]);
  });

  it('refuses a lookup change that makes two lookups read each other (422)', async () => {
    const mine = await lookup('customers', 'Loop A', 'Customers.Orders', 'Orders.Title');
    await lookup('orders', 'Loop B', 'Orders.Customers', 'Customers.Loop A');
    const res = await api(shop, 'patch', `/api/v1/db/meta/columns/${mine}`, {
      fk_relation_column_id: shop.fields['Customers.Orders'],
      fk_lookup_column_id: shop.fields['Orders.Loop B'],
    });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('Circular reference detected');
    // Refused as a whole: the field still looks up order titles.
    expect((await rows(shop, 'customers'))[0]['Loop A']).toEqual(['o1', 'o2', 'o3']);
  });

  it('refuses a lookup that is not through a link of the table, or of a field of another table', async () => {
    const notLink = await api(shop, 'post', `/api/v1/db/meta/tables/${shop.tables.orders.id}/columns`, {
      title: 'Bad',
      uidt: 'Lookup',
      fk_relation_column_id: shop.fields['Orders.Amount'],
      fk_lookup_column_id: shop.fields['Customers.City'],
    });
    expect(notLink.status).toBe(400);
    const wrongTarget = await api(shop, 'post', `/api/v1/db/meta/tables/${shop.tables.orders.id}/columns`, {
      title: 'Bad',
      uidt: 'Lookup',
      fk_relation_column_id: shop.fields['Orders.Customers'],
      fk_lookup_column_id: shop.fields['Products.Price'],
    });
    expect(wrongTarget.status).toBe(400);
    expect(wrongTarget.body.msg).toBe('fk_lookup_column_id must be a field of the linked table');
  });
});
