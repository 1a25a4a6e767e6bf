/** The ER diagram's schema: tables (junction tables flagged), key marks and one relation per link field. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBaseUser, randomEmail, signIn, userIdOf } from './auth-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { addColumn, createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';

describe.each(testDatabases())('ERD schema on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let baseId: string;
  let sourceId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signedInOwner(server);
    const base = await createBase(server, owner, 'Shop');
    baseId = base.id;
    sourceId = base.sources[0]!.id;
    for (const title of ['Customers', 'Orders', 'Products']) {
      ids[title] = (await createTable(server, owner, baseId, { title })).id;
    }
    await addColumn(server, owner, ids.Customers!, {
      title: 'Orders',
      uidt: 'Links',
      parentId: ids.Customers,
      childId: ids.Orders,
      type: 'hm',
    });
    await addColumn(server, owner, ids.Orders!, {
      title: 'Products',
      uidt: 'Links',
      parentId: ids.Orders,
      childId: ids.Products,
      type: 'mm',
    });
  });
  afterAll(async () => server?.close());

  const erdUrl = () => `/api/v2/meta/bases/${baseId}/sources/${sourceId}/erd`;

  it('lists tables with key marks, the junction table, and both sides of each link', async () => {
    const res = await server.api.get(erdUrl(), { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tables = res.body.tables as { id: string; title: string; mm: boolean; columns: any[] }[];
    const orders = tables.find((t) => t.id === ids.Orders)!;
    expect(orders.columns.find((c) => c.pk)?.title).toBe('Id');
    // The has-many link puts a foreign key into Orders.
    expect(orders.columns.some((c) => c.fk)).toBe(true);
    const junction = tables.filter((t) => t.mm);
    expect(junction).toHaveLength(1);
    expect(junction[0]!.columns.filter((c) => c.fk)).toHaveLength(2);
    const kinds = (res.body.relations as { type: string; fk_model_id: string; fk_related_model_id: string }[])
      .map(
        (r) =>
          `${r.fk_model_id === ids.Customers ? 'C' : r.fk_model_id === ids.Orders ? 'O' : 'P'}:${r.type}`,
      )
      .sort();
    expect(kinds).toEqual(['C:hm', 'O:bt', 'O:mm', 'P:mm']);
  });

  it('is open to viewers of the base and closed to others', async () => {
    const viewer = await signUpUser(server.api, randomEmail('viewer'));
    expect((await server.api.get(erdUrl(), { token: viewer.token })).status).toBe(403);
    await addBaseUser(server, baseId, await userIdOf(server, viewer.token), 'viewer');
    const token = (await signIn(server, viewer.email)).token;
    expect((await server.api.get(erdUrl(), { token })).status).toBe(200);
    const wrong = await server.api.get(`/api/v2/meta/bases/${baseId}/sources/bnothere/erd`, { token });
    expect(wrong.status).toBe(404);
  });
});
