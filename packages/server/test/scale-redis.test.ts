/**
 * Scaled-out mode on PostgreSQL and Redis: two app instances with their own caches, feeds and sockets share one
 * meta database. A change made through A is seen by B's next request, a token deleted or a password changed
 * through A is refused by B, a row written through A reaches a socket connected to B, and a sign-in limit holds across both.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestServer } from './harness.js';
import { addColumn, signedInOwner, type Owner } from './meta-factories.js';
import { createProductTable, insertRows, productRow } from './rows-fixtures.js';
import { startCluster, type Cluster } from './scale-fixtures.js';

describe('two processes on PostgreSQL with Redis', () => {
  let cluster: Cluster;
  let a: TestServer;
  let b: TestServer;
  /** The first account: the super admin, who may create bases. */
  let owner: Owner;
  beforeAll(async () => {
    cluster = await startCluster(2, { env: { NC_AUTH_RATE_LIMIT_PER_MINUTE: '6' } });
    [a, b] = cluster.nodes as [TestServer, TestServer];
    owner = await signedInOwner(a);
  });
  afterAll(async () => cluster?.close());

  it('shows a field added through A on the next read through B', async () => {
    const t = await createProductTable(a, owner, `T${Math.random().toString(36).slice(2, 7)}`);
    await insertRows(a, t, [productRow(1)]);
    // B compiles and caches the table's model and count now.
    const before = await b.api.get(t.v2, { token: t.owner.token });
    expect(before.status).toBe(200);
    expect(before.body.list[0]).not.toHaveProperty('Colour');
    expect((await b.api.get(`${t.v2}/count`, { token: t.owner.token })).body.count).toBe(1);

    await addColumn(a, t.owner, t.tableId, {
      column_name: 'colour',
      title: 'Colour',
      uidt: 'SingleLineText',
    });
    await insertRows(a, t, [{ ...productRow(2), Colour: 'red' }]);

    const after = await b.api.get(`${t.v2}?sort=Id`, { token: t.owner.token });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body.list[1]).toMatchObject({ Colour: 'red' });
    expect((await b.api.get(`${t.v2}/count`, { token: t.owner.token })).body.count).toBe(2);
  });

  it('shows a table renamed, a field added and a view renamed through A in the meta B serves next', async () => {
    const t = await createProductTable(a, owner, `T${Math.random().toString(36).slice(2, 7)}`);
    const token = t.owner.token;
    const meta = `/api/v1/db/meta/tables/${t.tableId}`;
    const tables = `/api/v1/db/meta/projects/${t.baseId}/tables`;
    const view = await a.api.post(`${meta}/grids`, { title: 'Open items' }, { token });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    // B reads (and keeps) the table's meta and the base's tables.
    expect((await b.api.get(meta, { token })).body.views.map((v: any) => v.title)).toContain('Open items');
    expect((await b.api.get(tables, { token })).body.list.map((x: any) => x.title)).toEqual([t.table.title]);

    expect((await a.api.patch(meta, { title: 'Renamed' }, { token })).status).toBe(200);
    expect((await b.api.get(tables, { token })).body.list.map((x: any) => x.title)).toEqual(['Renamed']);
    expect((await b.api.get(meta, { token })).body.title).toBe('Renamed');

    await addColumn(a, t.owner, t.tableId, {
      column_name: 'colour',
      title: 'Colour',
      uidt: 'SingleLineText',
    });
    expect((await b.api.get(meta, { token })).body.columns.map((c: any) => c.title)).toContain('Colour');

    const renamed = await a.api.patch(
      `/api/v1/db/meta/views/${view.body.id}`,
      { title: 'Closed items' },
      { token },
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const views = (await b.api.get(meta, { token })).body.views.map((v: any) => v.title);
    expect(views).toContain('Closed items');
    expect(views).not.toContain('Open items');
  });

  it('refuses on B an API token deleted through A', async () => {
    const user = await signUpUser(a.api);
    const created = await a.api.post('/api/v1/tokens', { description: 'ci' }, { token: user.token });
    const apiToken = created.body.token as string;
    // B has looked the token up and cached it.
    expect((await b.api.get('/api/v1/auth/user/me', { apiToken })).status).toBe(200);
    const del = await a.api.delete(`/api/v1/tokens/${created.body.id}`, undefined, { token: user.token });
    expect(del.status).toBe(200);
    const after = await b.api.get('/api/v1/tokens', { apiToken });
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('Invalid token');
  });

  it('ends on B the sessions of a user whose password was changed through A', async () => {
    const user = await signUpUser(a.api);
    // B has looked the user up (and cached them) through this session.
    expect((await b.api.get('/api/v1/tokens', { token: user.token })).status).toBe(200);
    const change = await a.api.post(
      '/api/v1/auth/password/change',
      { currentPassword: user.password, newPassword: 'NewPassword456!' },
      { token: user.token },
    );
    expect(change.status).toBe(200);
    expect((await b.api.get('/api/v1/tokens', { token: user.token })).status).toBe(401);
    expect((await b.api.get('/api/v1/tokens', { token: change.body.token })).status).toBe(200);
  });

  it('delivers a row written through A to a socket connected to B, once', async () => {
    const t = await createProductTable(a, owner, `T${Math.random().toString(36).slice(2, 7)}`);
    const socket: Socket = connect(b.url, {
      path: '/socket.io',
      auth: { token: t.owner.token },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    socket.emit('subscribe:table', t.tableId);
    await new Promise((r) => setTimeout(r, 300));
    const received: { op: string; rows: Record<string, unknown>[] }[] = [];
    socket.on('row:changed', (e: { op: string; rows: Record<string, unknown>[] }) => received.push(e));
    const [id] = await insertRows(a, t, [productRow(7, { Title: 'From A' })]);
    const deadline = Date.now() + 3000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 300));
    socket.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ op: 'insert', rows: [{ Id: id, Title: 'From A' }] });
  });

  it('holds a sign-in limit across both processes', async () => {
    const victim = await signUpUser(a.api);
    const signin = (node: TestServer) =>
      node.api.post('/api/v1/auth/user/signin', { email: victim.email, password: 'wrong-pass-1' });
    // Six failures, alternating processes: each process alone saw fewer than the limit.
    for (let i = 0; i < 6; i++) expect((await signin(i % 2 ? b : a)).status).toBe(400);
    const limitedOnA = await signin(a);
    const limitedOnB = await signin(b);
    expect(limitedOnA.status).toBe(429);
    expect(limitedOnB.status).toBe(429);
    expect(Number(limitedOnB.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
