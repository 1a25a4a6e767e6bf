/**
 * The change feed end to end: what services publish after a write commits, and what the subscribers (access
 * cache, table models, data cache) make of it — a deleted token or a changed role takes effect on the next
 * request, a new field shows in the next read, and caches of other tables survive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent, ChangeOf } from '../src/changes/change-events.js';
import { addBaseUser, userIdOf } from './auth-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { countRows, createProductTable, productRow, type ProductTable } from './rows-fixtures.js';

describe.each(testDatabases())('change feed on %s', (kind) => {
  let server: TestServer;
  let t: ProductTable;
  /** A second table in the same base, and one in another base. */
  let sibling: ProductTable;
  let elsewhere: ProductTable;
  const events: ChangeEvent[] = [];
  let owner: Awaited<ReturnType<typeof signUpUser>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUpUser(server.api);
    t = await createProductTable(server, owner);
    elsewhere = await createProductTable(server, owner, 'Elsewhere');
    const res = await server.api.post(
      `/api/v1/db/meta/projects/${t.baseId}/tables`,
      {
        table_name: 'sibling',
        title: 'Sibling',
        columns: [{ column_name: 'title', title: 'Title', uidt: 'SingleLineText' }],
      },
      { token: t.owner.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    sibling = { ...t, tableId: res.body.id, v2: `/api/v2/tables/${res.body.id}/records` };
    server.ctx.changes.subscribe((e) => void events.push(e), { name: 'test', previousValues: true });
  });
  afterAll(async () => server?.close());

  function since(mark: number): ChangeEvent[] {
    return events.slice(mark);
  }

  it('stops a deleted API token on the very next request (it was cached)', async () => {
    const created = await server.api.post('/api/v1/tokens', { description: 'ci' }, { token: t.owner.token });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const apiToken = created.body.token as string;
    expect((await server.api.get(t.v2, { apiToken })).status).toBe(200);
    expect((await server.api.get(t.v2, { apiToken })).status).toBe(200);
    const mark = events.length;
    const del = await server.api.delete(`/api/v1/tokens/${created.body.id}`, undefined, {
      token: t.owner.token,
    });
    expect(del.status).toBe(200);
    expect(since(mark)).toMatchObject([
      { type: 'token.changed', action: 'deleted', tokenId: created.body.id },
    ]);
    expect((await server.api.get(t.v2, { apiToken })).status).toBe(401);
  });

  it('applies a base role change and a removal from the base on the very next request', async () => {
    const member = await signUpUser(server.api);
    const memberId = await userIdOf(server, member.token);
    await addBaseUser(server, t.baseId, memberId, 'editor');
    const write = () => server.api.post(t.v2, productRow(50), { token: member.token });
    expect((await write()).status).toBe(200);

    const users = `/api/v1/db/meta/projects/${t.baseId}/users/${memberId}`;
    const mark = events.length;
    const demoted = await server.api.patch(users, { roles: 'viewer' }, { token: t.owner.token });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    expect(since(mark)).toContainEqual(
      expect.objectContaining({ type: 'role.changed', userId: memberId, baseId: t.baseId }),
    );
    expect((await write()).status).toBe(403);
    expect((await server.api.get(t.v2, { token: member.token })).status).toBe(200);

    expect((await server.api.delete(users, undefined, { token: t.owner.token })).status).toBe(200);
    expect((await server.api.get(t.v2, { token: member.token })).status).toBe(403);
  });

  it('applies an org role change on the very next request', async () => {
    const user = await signUpUser(server.api);
    const userId = await userIdOf(server, user.token);
    const createBase = () =>
      server.api.post('/api/v1/db/meta/projects', { title: 'Mine' }, { token: user.token });
    expect((await createBase()).status).toBe(403);
    const role = (roles: string) =>
      server.api.patch(`/api/v1/users/${userId}`, { roles }, { token: owner.token });
    expect((await role('org-level-creator')).status).toBe(200);
    expect((await createBase()).status).toBe(200);
    expect((await role('org-level-viewer')).status).toBe(200);
    expect((await createBase()).status).toBe(403);
  });

  it('shows a field added through the API in the next data read', async () => {
    await server.api.post(t.v2, productRow(60), { token: t.owner.token });
    const before = await server.api.get(`${t.v2}?limit=1`, { token: t.owner.token });
    expect(Object.keys(before.body.list[0])).not.toContain('Colour');
    const mark = events.length;
    const added = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/columns`,
      { column_name: 'colour', title: 'Colour', uidt: 'SingleLineText' },
      { token: t.owner.token },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const fieldEvents = since(mark).filter((e) => e.type === 'field.changed');
    expect(fieldEvents).toHaveLength(1);
    expect(fieldEvents[0]).toMatchObject({ action: 'created', tableId: t.tableId, baseId: t.baseId });
    const after = await server.api.get(`${t.v2}?limit=1`, { token: t.owner.token });
    expect(Object.keys(after.body.list[0])).toContain('Colour');
  });

  it('publishes one event per bulk write, with the written and previous values', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => productRow(100 + i));
    let mark = events.length;
    const ins = await server.api.post(t.bulk, rows, { token: t.owner.token });
    expect(ins.status, JSON.stringify(ins.body)).toBe(200);
    const ids = (ins.body as { Id: number }[]).map((r) => r.Id);
    const inserted = since(mark);
    expect(inserted).toHaveLength(1);
    const insertedEvent = inserted[0] as ChangeOf<'rows.inserted'>;
    expect(insertedEvent).toMatchObject({ type: 'rows.inserted', tableId: t.tableId, baseId: t.baseId, ids });
    expect(insertedEvent.rows![3]).toMatchObject({ Title: 'Product 103', Code: 'P-103' });
    expect(insertedEvent.origin).toBe(server.ctx.changes.origin);

    mark = events.length;
    const patch = ids.slice(0, 3).map((Id, i) => ({ Id, Title: `Renamed ${i}` }));
    expect((await server.api.patch(t.bulk, patch, { token: t.owner.token })).status).toBe(200);
    const updated = since(mark) as ChangeOf<'rows.updated'>[];
    expect(updated).toHaveLength(1);
    expect(updated[0]!.changes![1]).toMatchObject({
      id: ids[1],
      values: { Title: 'Renamed 1' },
      previous: { Title: 'Product 101' },
    });

    mark = events.length;
    const gone = ids.slice(0, 5).map((Id) => ({ Id }));
    expect((await server.api.delete(t.bulk, gone, { token: t.owner.token })).status).toBe(200);
    const deleted = since(mark) as ChangeOf<'rows.deleted'>[];
    expect(deleted).toHaveLength(1);
    expect(deleted[0]!.ids).toEqual(ids.slice(0, 5));
    expect(deleted[0]!.previous!.map((r) => r.Title)).toEqual([
      'Renamed 0',
      'Renamed 1',
      'Renamed 2',
      'Product 103',
      'Product 104',
    ]);
    // The events travel as JSON (a fan-out to other processes sends them as they are).
    expect(JSON.parse(JSON.stringify(deleted[0]))).toEqual(deleted[0]);
  });

  it('publishes nothing for a write that fails', async () => {
    const mark = events.length;
    const res = await server.api.patch(t.v2, { Id: 987654, Title: 'x' }, { token: t.owner.token });
    expect(res.status).toBe(404);
    expect(since(mark)).toEqual([]);
  });

  it('keeps the caches of other tables through a row write, and every cache through a token refresh', async () => {
    const { ctx } = server;
    await countRows(server, sibling);
    await countRows(server, elsewhere);
    const siblingModel = await ctx.tableModels.get(ctx, sibling.tableId);
    const elsewhereModel = await ctx.tableModels.get(ctx, elsewhere.tableId);
    const versions = () => [t, sibling, elsewhere].map((x) => ctx.dataCache.version(x.tableId));
    const [tBefore, siblingBefore, elsewhereBefore] = versions();

    expect((await server.api.post(t.v2, productRow(70), { token: t.owner.token })).status).toBe(200);
    expect(versions()).toEqual([tBefore! + 1, siblingBefore, elsewhereBefore]);
    expect(await ctx.tableModels.get(ctx, sibling.tableId)).toBe(siblingModel);

    const refreshed = await server.api.post('/api/v1/auth/token/refresh', undefined, {
      cookie: owner.cookie,
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(versions()).toEqual([tBefore! + 1, siblingBefore, elsewhereBefore]);
    expect(await ctx.tableModels.get(ctx, sibling.tableId)).toBe(siblingModel);

    // A field change retires the models of its own base only.
    const added = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/columns`,
      { column_name: 'size', title: 'Size', uidt: 'Number' },
      { token: t.owner.token },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(await ctx.tableModels.get(ctx, elsewhere.tableId)).toBe(elsewhereModel);
    expect(await ctx.tableModels.get(ctx, sibling.tableId)).not.toBe(siblingModel);
  });
});
