/**
 * The realtime connection: token check, table rooms limited to members of the base, and `row:changed` after
 * every committed row write (v1, v2, bulk, view-scoped), carrying the rows as the database stored them.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { buildShop } from './links-fixture.js';
import { createProductTable, insertRows, productRow, type ProductTable } from './rows-fixtures.js';

interface RowChanged {
  tableId: string;
  op: string;
  rows: Record<string, unknown>[];
  truncated?: boolean;
}

function connected(socket: Socket): Promise<'connected' | string> {
  return new Promise((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (err) => resolve(err.message));
  });
}

async function subscribed(server: TestServer, token: string, tableId: string): Promise<Socket> {
  const socket = connect(server.url, { path: '/socket.io', auth: { token }, reconnection: false });
  expect(await connected(socket)).toBe('connected');
  socket.emit('subscribe:table', tableId);
  // The join waits for the permission check; give it a moment.
  await new Promise((r) => setTimeout(r, 150));
  return socket;
}

/** The next `row:changed` event of the kind `op`, or 'none' after `ms`. */
function nextChange(socket: Socket, op: string, ms = 3000): Promise<RowChanged | 'none'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off('row:changed', on);
      resolve('none');
    }, ms);
    const on = (event: RowChanged) => {
      if (event.op !== op) return;
      clearTimeout(timer);
      socket.off('row:changed', on);
      resolve(event);
    };
    socket.on('row:changed', on);
  });
}

describe('realtime connection', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => server?.close());

  it('refuses a socket without a valid token', async () => {
    const socket = connect(server.url, { path: '/socket.io', auth: { token: 'nope' }, reconnection: false });
    expect(await connected(socket)).toBe('Unauthorized');
    socket.close();
  });

  it('lets only members of the base join a table room', async () => {
    const t = await createProductTable(server);
    const member = await subscribed(server, t.owner.token, t.tableId);
    const stranger = await subscribed(server, (await signUpUser(server.api)).token, t.tableId);
    const toMember = nextChange(member, 'update');
    const toStranger = nextChange(stranger, 'update', 500);
    server.ctx.realtime!.emitToTable(t.tableId, 'row:changed', {
      tableId: t.tableId,
      op: 'update',
      rows: [],
    });
    expect(await toMember).toMatchObject({ op: 'update' });
    expect(await toStranger).toBe('none');
    member.close();
    stranger.close();
  });
});

describe('realtime link changes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => server?.close());

  it('announces a link change to the rooms of both tables, with the rows as stored', async () => {
    const shop = await buildShop(server);
    const customers = await subscribed(server, shop.owner.token, shop.tables.customers.id);
    const orders = await subscribed(server, shop.owner.token, shop.tables.orders.id);
    const toCustomers = nextChange(customers, 'update');
    const toOrders = nextChange(orders, 'update');
    const linked = await server.api.post(
      `/api/v2/tables/${shop.tables.customers.id}/links/${shop.fields['Customers.Orders']}/records/4`,
      [{ Id: 7 }],
      { token: shop.owner.token },
    );
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(((await toCustomers) as RowChanged).rows).toMatchObject([{ Id: 4, Title: 'Dan', Orders: 1 }]);
    expect(((await toOrders) as RowChanged).rows).toMatchObject([{ Id: 7, Title: 'o7' }]);
    customers.close();
    orders.close();
  });
});

describe.each(testDatabases())('row:changed on %s', (kind) => {
  let server: TestServer;
  let t: ProductTable;
  let socket: Socket;
  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await createProductTable(server);
    socket = await subscribed(server, t.owner.token, t.tableId);
  });
  afterAll(async () => {
    socket?.close();
    await server?.close();
  });

  it('announces a v2 PATCH with the stored row, keyed by title', async () => {
    const [id] = await insertRows(server, t, [productRow(1)]);
    const change = nextChange(socket, 'update');
    const res = await server.api.patch(
      t.v2,
      { Id: id, Title: 'Renamed', Qty: '7' },
      { token: t.owner.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const event = await change;
    expect(event).toMatchObject({ tableId: t.tableId, op: 'update' });
    const row = (event as RowChanged).rows[0]!;
    expect(row).toMatchObject({ Id: id, Title: 'Renamed', Qty: 7, Code: 'P-1' });
  });

  it('announces v1 bulk inserts and single deletes', async () => {
    const inserted = nextChange(socket, 'insert');
    const res = await server.api.post(t.bulk, [productRow(2), productRow(3)], { token: t.owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const event = (await inserted) as RowChanged;
    expect(event.op).toBe('insert');
    expect(event.rows.map((r) => r.Title).sort()).toEqual(['Product 2', 'Product 3']);

    const deleted = nextChange(socket, 'delete');
    const id = (res.body as { Id: number }[])[0]!.Id;
    expect((await server.api.delete(`${t.v1}/${id}`, undefined, { token: t.owner.token })).status).toBe(200);
    expect(await deleted).toEqual({ tableId: t.tableId, op: 'delete', rows: [{ Id: id }] });
  });

  it('announces view-scoped updates, and writes by filter as a reload', async () => {
    const views = await server.api.get(`/api/v1/db/meta/tables/${t.tableId}/views`, {
      token: t.owner.token,
    });
    const viewId = (views.body.list as { id: string }[])[0]!.id;
    const [id] = await insertRows(server, t, [productRow(4)]);
    const change = nextChange(socket, 'update');
    const res = await server.api.patch(
      `${t.v1}/views/${viewId}/${id}`,
      { Title: 'From the view' },
      { token: t.owner.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(((await change) as RowChanged).rows[0]).toMatchObject({ Id: id, Title: 'From the view' });

    const all = nextChange(socket, 'update');
    const upd = await server.api.patch(
      `${t.bulk}/all?where=(Qty,gt,100)`,
      { Notes: 'none match' },
      { token: t.owner.token },
    );
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(await all).toEqual({ tableId: t.tableId, op: 'update', rows: [], truncated: true });
  });

  it('says nothing when a write fails', async () => {
    const change = nextChange(socket, 'update', 500);
    const res = await server.api.patch(t.v2, { Id: 99999, Title: 'x' }, { token: t.owner.token });
    expect(res.status).toBe(404);
    expect(await change).toBe('none');
  });
});
