/**
 * Links of each kind (hm, bt, mm) through the API: counts and parent records in row lists, sorting and
 * filtering on them, the v1 nested and v2 links endpoints, their errors, and who may use them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { DATA, api, buildShop, ok, ordersOf, productsOf, rows, type Shop } from './links-fixture.js';

describe.each(testDatabases())('links on %s', (kind) => {
  let server: TestServer;
  let shop: Shop;
  beforeAll(async () => {
    server = await startTestServer(kind);
    shop = await buildShop(server);
  }, 120_000);
  afterAll(async () => server?.close());

  const v1 = (table: keyof Shop['tables']) => `/api/v1/db/data/noco/${shop.baseId}/${shop.tables[table].id}`;
  const v2 = (table: keyof Shop['tables'], fieldKey: string, rowId: number | string) =>
    `/api/v2/tables/${shop.tables[table].id}/links/${shop.fields[fieldKey]}/records/${rowId}`;

  it('lists a has-many Links field as a count and a belongs-to field as the parent record', async () => {
    const customers = await rows(shop, 'customers');
    expect(customers.map((c) => c.Orders)).toEqual(DATA.customers.map((_, i) => ordersOf(i + 1).length));
    expect(customers.map((c) => c.Country)).toEqual(
      DATA.customers.map((c) =>
        c.country ? { Id: c.country, Title: DATA.countries[c.country - 1]!.Title } : null,
      ),
    );
    const orders = await rows(shop, 'orders');
    expect(orders.map((o) => o.Customers)).toEqual(
      DATA.orders.map((o) =>
        o.customer ? { Id: o.customer, Title: DATA.customers[o.customer - 1]!.Title } : null,
      ),
    );
    expect(orders.map((o) => o.Products)).toEqual(DATA.orders.map((_, i) => productsOf(i + 1).length));
    const products = await rows(shop, 'products');
    expect(products.map((p) => p.Orders)).toEqual(
      DATA.products.map((_, i) => DATA.orderProducts.filter(([, p]) => p === i + 1).length),
    );
    const countries = await rows(shop, 'countries');
    expect(countries.map((c) => c.Customers)).toEqual([2, 1]);
  });

  it('reads the same values through v1 lists and single-record reads', async () => {
    const list = await ok(shop, 'get', `${v1('customers')}?sort=Id`);
    expect(list.list[0]).toMatchObject({ Title: 'Ann', Orders: 3, Country: { Id: 1, Title: 'France' } });
    const one = await ok(shop, 'get', `/api/v2/tables/${shop.tables.orders.id}/records/6`);
    expect(one).toMatchObject({ Title: 'o6', Products: 1, Customers: { Id: 3, Title: 'Cho' } });
  });

  it('sorts, filters and groups by link counts and parent records', async () => {
    const byCount = await rows(shop, 'customers', '&sort=-Orders,Id');
    const expected = DATA.customers
      .map((c, i) => ({ Title: c.Title, n: ordersOf(i + 1).length, id: i + 1 }))
      .sort((a, b) => b.n - a.n || a.id - b.id)
      .map((c) => c.Title);
    expect(byCount.map((c) => c.Title)).toEqual(expected);
    const many = await rows(shop, 'customers', `&where=${encodeURIComponent('(Orders,gt,1)')}`);
    expect(many.map((c) => c.Title)).toEqual(['Ann', 'Cho']);
    const none = await rows(shop, 'orders', `&where=${encodeURIComponent('(Products,eq,0)')}`);
    expect(none.map((o) => o.Title)).toEqual(
      DATA.orders.filter((_, i) => productsOf(i + 1).length === 0).map((o) => o.Title),
    );
    const byParent = await rows(shop, 'orders', `&where=${encodeURIComponent('(Customers,eq,Cho)')}`);
    expect(byParent.map((o) => o.Title)).toEqual(['o5', 'o6']);
    const sorted = await rows(shop, 'orders', '&sort=Customers,Id');
    expect(sorted.map((o) => o.Title)).toEqual(['o7', 'o1', 'o2', 'o3', 'o4', 'o5', 'o6']);
    const count = await ok(
      shop,
      'get',
      `/api/v2/tables/${shop.tables.customers.id}/records/count?where=${encodeURIComponent('(Orders,ge,1)')}`,
    );
    expect(count.count).toBe(3);
    const groups = await ok(shop, 'get', `${v1('customers')}/groupby?column_name=Orders&sort=Orders`);
    expect(groups.list).toEqual([
      { Orders: 0, count: 1 },
      { Orders: 1, count: 1 },
      { Orders: 2, count: 1 },
      { Orders: 3, count: 1 },
    ]);
  });

  it('lists linked records with v2 (key and display value) and v1 nested (every field), paged', async () => {
    const hm = await ok(shop, 'get', v2('customers', 'Customers.Orders', 1));
    expect(hm.list).toEqual(ordersOf(1).map((o) => ({ Id: o.Id, Title: o.Title })));
    expect(hm.pageInfo).toMatchObject({ totalRows: 3, isFirstPage: true, isLastPage: true });
    const page = await ok(shop, 'get', `${v2('customers', 'Customers.Orders', 1)}?limit=2&offset=2`);
    expect(page.list).toEqual([{ Id: 3, Title: 'o3' }]);
    expect(page.pageInfo).toMatchObject({ totalRows: 3, page: 2, isLastPage: true });
    const mm = await ok(shop, 'get', v2('orders', 'Orders.Products', 3));
    expect(mm.list.map((p: any) => p.Id)).toEqual([1, 2, 3]);
    const bt = await ok(shop, 'get', v2('customers', 'Customers.Country', 3));
    expect(bt.list).toEqual([{ Id: 2, Title: 'Japan' }]);
    const nested = await ok(shop, 'get', `${v1('customers')}/1/hm/${shop.fields['Customers.Orders']}`);
    expect(nested.list.map((o: any) => [o.Title, o.Amount, o.Products])).toEqual(
      ordersOf(1).map((o) => [o.Title, o.Amount, productsOf(o.Id).length]),
    );
    const byTitle = await ok(shop, 'get', `${v1('orders')}/3/mm/Products?fields=Title,Price`);
    expect(byTitle.list).toEqual(productsOf(3).map((p) => ({ Title: p.Title, Price: p.Price })));
    const filtered = await ok(
      shop,
      'get',
      `${v1('customers')}/1/hm/Orders?where=${encodeURIComponent('(Paid,eq,true)')}`,
    );
    expect(filtered.list.map((o: any) => o.Title)).toEqual(['o1', 'o3']);
  });

  it('lists the records not yet linked (exclude)', async () => {
    const hm = await ok(shop, 'get', `${v1('customers')}/1/hm/Orders/exclude`);
    expect(hm.list.map((o: any) => o.Title)).toEqual(['o4', 'o5', 'o6', 'o7']);
    const mm = await ok(shop, 'get', `${v1('orders')}/1/mm/Products/exclude`);
    expect(mm.list.map((p: any) => p.Title)).toEqual(['pad']);
    const bt = await ok(shop, 'get', `${v1('customers')}/1/bt/Country/exclude`);
    expect(bt.list.map((c: any) => c.Title)).toEqual(['Japan']);
    const none = await ok(shop, 'get', `${v1('customers')}/4/bt/Country/exclude`);
    expect(none.list.map((c: any) => c.Title)).toEqual(['France', 'Japan']);
  });

  it('links and unlinks one record with v1, refusing what is already (or not) linked', async () => {
    const path = `${v1('customers')}/4/hm/Orders/7`;
    expect(await ok(shop, 'post', path)).toEqual({ msg: 'The relation data has been created successfully' });
    expect((await rows(shop, 'customers'))[3].Orders).toBe(1);
    const again = await api(shop, 'post', path);
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe("Record '7' is already linked to record '4' through 'Orders'");
    expect(await ok(shop, 'delete', path)).toEqual({
      msg: 'The relation data has been deleted successfully',
    });
    const gone = await api(shop, 'delete', path);
    expect(gone.status).toBe(400);
    expect(gone.body.msg).toBe("Record '7' is not linked to record '4' through 'Orders'");
    // belongs-to from the child side, many-to-many both ways.
    await ok(shop, 'post', `${v1('orders')}/7/bt/Customers/2`);
    expect((await ok(shop, 'get', `/api/v2/tables/${shop.tables.orders.id}/records/7`)).Customers).toEqual({
      Id: 2,
      Title: 'Bob',
    });
    await ok(shop, 'delete', `${v1('orders')}/7/bt/Customers/2`);
    expect((await ok(shop, 'get', `/api/v2/tables/${shop.tables.orders.id}/records/7`)).Customers).toBeNull();
    await ok(shop, 'post', `${v1('products')}/3/mm/Orders/7`);
    expect((await ok(shop, 'get', v2('orders', 'Orders.Products', 7))).list).toEqual([
      { Id: 3, Title: 'pad' },
    ]);
    await ok(shop, 'delete', `${v1('orders')}/7/mm/Products/3`);
    expect((await ok(shop, 'get', v2('orders', 'Orders.Products', 7))).list).toEqual([]);
  });

  it('links and unlinks many with v2 ([{Id}] or [id]); linking again changes nothing', async () => {
    expect(await ok(shop, 'post', v2('orders', 'Orders.Products', 7), [1, { Id: 2 }])).toBe(true);
    expect(await ok(shop, 'post', v2('orders', 'Orders.Products', 7), [{ Id: 1 }])).toBe(true);
    expect((await rows(shop, 'orders'))[6].Products).toBe(2);
    expect(await ok(shop, 'delete', v2('orders', 'Orders.Products', 7), [{ Id: 1 }, { Id: 2 }])).toBe(true);
    expect((await rows(shop, 'orders'))[6].Products).toBe(0);
    // hm moves a child from its old parent.
    await ok(shop, 'post', v2('customers', 'Customers.Orders', 4), [{ Id: 6 }]);
    expect((await rows(shop, 'customers')).map((c) => c.Orders)).toEqual([3, 1, 1, 1]);
    await ok(shop, 'post', v2('customers', 'Customers.Orders', 3), [{ Id: 6 }]);
    expect((await rows(shop, 'customers')).map((c) => c.Orders)).toEqual([3, 1, 2, 0]);
  });

  it('answers unknown fields, records and targets, bad bodies and a second parent with clear errors', async () => {
    const noField = await api(shop, 'get', `/api/v2/tables/${shop.tables.customers.id}/links/nope/records/1`);
    expect(noField.status).toBe(404);
    expect(noField.body.msg).toBe("Field 'nope' not found");
    const notLink = await api(shop, 'get', `/api/v2/tables/${shop.tables.customers.id}/links/City/records/1`);
    expect(notLink.status).toBe(400);
    expect(notLink.body.msg).toBe("Field 'City' is not a link field");
    const noRecord = await api(shop, 'post', v2('customers', 'Customers.Orders', 99), [{ Id: 1 }]);
    expect(noRecord.status).toBe(404);
    expect(noRecord.body.msg).toBe("Record '99' not found");
    const noTargets = await api(shop, 'post', v2('customers', 'Customers.Orders', 1), [
      { Id: 98 },
      { Id: 1 },
      99,
    ]);
    expect(noTargets.status).toBe(404);
    expect(noTargets.body.msg).toBe("Records '98, 99' not found in table 'Orders'");
    const twoParents = await api(shop, 'post', v2('customers', 'Customers.Country', 4), [1, 2]);
    expect(twoParents.status).toBe(400);
    expect(twoParents.body.msg).toBe("Field 'Country' links to one parent record; got 2");
    const empty = await api(shop, 'post', v2('customers', 'Customers.Orders', 1), []);
    expect(empty.status).toBe(400);
    const badId = await api(shop, 'post', v2('customers', 'Customers.Orders', 1), [{ Id: 'x' }]);
    expect(badId.status).toBe(400);
    const wrongType = await api(shop, 'get', `${v1('customers')}/1/mm/Orders`);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.msg).toBe("Field 'Orders' is a hm link, not mm");
    // Nothing was half-written by the refused calls.
    expect(
      (await ok(shop, 'get', v2('customers', 'Customers.Orders', 1))).list.map((o: any) => o.Id),
    ).toEqual([1, 2, 3]);
    expect((await rows(shop, 'customers'))[3].Country).toBeNull();
  });

  it('links a table to itself (a manager has many reports)', async () => {
    const people = await ok(shop, 'post', `/api/v1/db/meta/projects/${shop.baseId}/tables`, {
      title: 'People',
    });
    const added = await ok(shop, 'post', `/api/v1/db/meta/tables/${people.id}/columns`, {
      title: 'Reports',
      uidt: 'Links',
      type: 'hm',
      childId: people.id,
    });
    const manager = added.columns.find((c: any) => c.uidt === 'LinkToAnotherRecord');
    await ok(
      shop,
      'post',
      `/api/v2/tables/${people.id}/records`,
      ['Ada', 'Ben', 'Cy', 'Di'].map((Title) => ({ Title })),
    );
    await ok(shop, 'post', `/api/v2/tables/${people.id}/links/${added.column_id}/records/1`, [2, 3]);
    await ok(shop, 'post', `/api/v2/tables/${people.id}/links/${added.column_id}/records/2`, [4]);
    const list = (await ok(shop, 'get', `/api/v2/tables/${people.id}/records`)).list;
    expect(list.map((p: any) => [p.Title, p.Reports, p[manager.title]?.Title ?? null])).toEqual([
      ['Ada', 2, null],
      ['Ben', 1, 'Ada'],
      ['Cy', 0, 'Ada'],
      ['Di', 0, 'Ben'],
    ]);
    const exclude = await ok(
      shop,
      'get',
      `/api/v1/db/data/noco/${shop.baseId}/${people.id}/1/hm/Reports/exclude`,
    );
    expect(exclude.list.map((p: any) => p.Title)).toEqual(['Ada', 'Di']);
  });

  it('lets a base viewer read links but not change them', async () => {
    const viewer = await signUpUser(server.api);
    await ok(shop, 'post', `/api/v1/db/meta/projects/${shop.baseId}/users`, {
      email: viewer.email,
      roles: 'viewer',
    });
    const read = await server.api.get(v2('customers', 'Customers.Orders', 1), { token: viewer.token });
    expect(read.status).toBe(200);
    const write = await server.api.post(v2('customers', 'Customers.Orders', 1), [{ Id: 4 }], {
      token: viewer.token,
    });
    expect(write.status).toBe(403);
    const v1Write = await server.api.post(`${v1('customers')}/1/hm/Orders/4`, undefined, {
      token: viewer.token,
    });
    expect(v1Write.status).toBe(403);
    const stranger = await signUpUser(server.api);
    const denied = await server.api.get(v2('customers', 'Customers.Orders', 1), { token: stranger.token });
    expect(denied.status).toBe(403);
  });
});
