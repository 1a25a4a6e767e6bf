/**
 * A small shop for the link, lookup, rollup and formula-field tests, built through the API:
 * Countries <-bt- Customers -hm-> Orders <-mm-> Products, with rows linked through the v2 links API.
 * The expected values of every computed field are worked out in JavaScript from `data`.
 */
import { expect } from 'vitest';
import type { TestServer } from './harness.js';
import { addColumn, createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';

export interface Shop {
  server: TestServer;
  owner: Owner;
  baseId: string;
  tables: Record<'countries' | 'customers' | 'orders' | 'products', { id: string; title: string }>;
  /** Field ids by "Table.Field". */
  fields: Record<string, string>;
  data: typeof DATA;
}

export const DATA = {
  countries: [{ Title: 'France' }, { Title: 'Japan' }],
  customers: [
    { Title: 'Ann', City: 'Paris', country: 1 },
    { Title: 'Bob', City: 'Lyon', country: 1 },
    { Title: 'Cho', City: 'Osaka', country: 2 },
    { Title: 'Dan', City: null, country: null },
  ],
  /** customer: the Customers row id each order belongs to. */
  orders: [
    { Title: 'o1', Amount: 10.5, Qty: 1, Day: '2024-01-05', Paid: true, customer: 1 },
    { Title: 'o2', Amount: 20, Qty: 2, Day: '2024-02-10', Paid: false, customer: 1 },
    { Title: 'o3', Amount: 20, Qty: 3, Day: '2024-03-15', Paid: true, customer: 1 },
    { Title: 'o4', Amount: 5.25, Qty: 4, Day: '2023-12-31', Paid: true, customer: 2 },
    { Title: 'o5', Amount: null, Qty: 5, Day: null, Paid: false, customer: 3 },
    { Title: 'o6', Amount: 100, Qty: 6, Day: '2024-06-01', Paid: false, customer: 3 },
    { Title: 'o7', Amount: 1, Qty: 7, Day: '2024-07-04', Paid: true, customer: null },
  ],
  products: [
    { Title: 'pen', Price: 1.5 },
    { Title: 'ink', Price: 3 },
    { Title: 'pad', Price: 2.25 },
  ],
  /** [order id, product id] pairs. */
  orderProducts: [
    [1, 1],
    [1, 2],
    [2, 2],
    [3, 1],
    [3, 2],
    [3, 3],
    [6, 3],
  ] as [number, number][],
};

export async function api(
  shop: Pick<Shop, 'server' | 'owner'>,
  method: 'get' | 'post' | 'patch' | 'delete',
  path: string,
  body?: unknown,
) {
  const opts = { token: shop.owner.token };
  return method === 'get'
    ? shop.server.api.get(path, opts)
    : shop.server.api.call(method.toUpperCase(), path, body, opts);
}

export async function ok(
  shop: Pick<Shop, 'server' | 'owner'>,
  method: 'get' | 'post' | 'patch' | 'delete',
  path: string,
  body?: unknown,
) {
  const res = await api(shop, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

/** Adds a field and returns its id. */
export async function field(
  shop: Shop,
  table: keyof Shop['tables'],
  body: Record<string, unknown>,
): Promise<string> {
  const res = await addColumn(shop.server, shop.owner, shop.tables[table].id, body);
  shop.fields[`${shop.tables[table].title}.${String(body.title)}`] = res.column_id;
  return res.column_id;
}

/** All rows of a table through the v2 list (fields: all), ordered by Id. */
export async function rows(shop: Shop, table: keyof Shop['tables'], query = ''): Promise<any[]> {
  const body = await ok(shop, 'get', `/api/v2/tables/${shop.tables[table].id}/records?limit=1000${query}`);
  return body.list;
}

export async function buildShop(server: TestServer): Promise<Shop> {
  const owner = await signedInOwner(server);
  const baseId = (await createBase(server, owner)).id;
  const mk = async (title: string, columns: Record<string, unknown>[]) => {
    const t = await createTable(server, owner, baseId, { title, columns });
    return { id: t.id, title: t.title };
  };
  const shop: Shop = {
    server,
    owner,
    baseId,
    tables: {
      countries: await mk('Countries', []),
      customers: await mk('Customers', [{ title: 'City', uidt: 'SingleLineText' }]),
      orders: await mk('Orders', [
        { title: 'Amount', uidt: 'Decimal' },
        { title: 'Qty', uidt: 'Number' },
        { title: 'Day', uidt: 'Date' },
        { title: 'Paid', uidt: 'Checkbox' },
      ]),
      products: await mk('Products', [{ title: 'Price', uidt: 'Decimal' }]),
    },
    fields: {},
    data: DATA,
  };
  const t = shop.tables;
  await field(shop, 'customers', { title: 'Orders', uidt: 'Links', type: 'hm', childId: t.orders.id });
  await field(shop, 'customers', {
    title: 'Country',
    uidt: 'LinkToAnotherRecord',
    type: 'bt',
    childId: t.countries.id,
  });
  await field(shop, 'orders', { title: 'Products', uidt: 'Links', type: 'mm', childId: t.products.id });
  // The partner fields the link creation added.
  for (const key of ['customers', 'orders', 'countries', 'products'] as const) {
    const meta = await ok(shop, 'get', `/api/v1/db/meta/tables/${t[key].id}`);
    for (const c of meta.columns) shop.fields[`${t[key].title}.${c.title}`] = c.id;
  }
  const insert = (table: keyof Shop['tables'], list: Record<string, unknown>[]) =>
    ok(shop, 'post', `/api/v2/tables/${t[table].id}/records`, list);
  const strip = <T extends object>(o: T, ...keys: string[]) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
  await insert('countries', DATA.countries);
  await insert(
    'customers',
    DATA.customers.map((c) => strip(c, 'country')),
  );
  await insert(
    'orders',
    DATA.orders.map((o) => strip(o, 'customer')),
  );
  await insert('products', DATA.products);
  const link = (table: keyof Shop['tables'], fieldKey: string, rowId: number, ids: number[]) =>
    ok(
      shop,
      'post',
      `/api/v2/tables/${t[table].id}/links/${shop.fields[fieldKey]}/records/${rowId}`,
      ids.map((Id) => ({ Id })),
    );
  for (const [i, c] of DATA.customers.entries()) {
    const orderIds = DATA.orders.flatMap((o, j) => (o.customer === i + 1 ? [j + 1] : []));
    if (orderIds.length) await link('customers', 'Customers.Orders', i + 1, orderIds);
    if (c.country) await link('customers', 'Customers.Country', i + 1, [c.country]);
  }
  for (const [orderId, productId] of DATA.orderProducts)
    await link('orders', 'Orders.Products', orderId, [productId]);
  return shop;
}

/** Orders of customer `id` (1-based), as DATA rows with their ids. */
export function ordersOf(customerId: number) {
  return DATA.orders.map((o, i) => ({ ...o, Id: i + 1 })).filter((o) => o.customer === customerId);
}

/** Products of order `id`. */
export function productsOf(orderId: number) {
  return DATA.orderProducts
    .filter(([o]) => o === orderId)
    .map(([, p]) => ({ ...DATA.products[p - 1]!, Id: p }))
    .sort((a, b) => a.Id - b.Id);
}
