/**
 * A formula that only fails on some rows (PostgreSQL raises on SQRT of a negative number; MySQL gives NULL)
 * answers 422 with the database's words when read, never a 500. SQLite does not offer SQRT (docs/behaviour/formulas.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';

describe.each(testDatabases())('formula values failing at read on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let tableId: string;
  let created: { status: number; body: any };
  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signedInOwner(server);
    const base = await createBase(server, owner);
    const table = await createTable(server, owner, base.id, {
      table_name: 'readings',
      title: 'Readings',
      columns: [{ column_name: 'num', title: 'Num', uidt: 'Number' }],
    });
    tableId = table.id;
    const ok = await server.api.post(
      `/api/v2/tables/${tableId}/records`,
      { Num: 16 },
      { token: owner.token },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    created = await server.api.post(
      `/api/v1/db/meta/tables/${tableId}/columns`,
      { title: 'Root', uidt: 'Formula', formula_raw: 'SQRT({Num})' },
      { token: owner.token },
    );
  });
  afterAll(async () => server?.close());

  it('reads good rows, and a row the database cannot compute is a 4xx, not a 500', async () => {
    if (kind === 'sqlite') {
      expect(created.status).toBe(422);
      expect(created.body.msg).toContain('Function SQRT is not available');
      return;
    }
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const first = await server.api.get(`/api/v2/tables/${tableId}/records`, { token: owner.token });
    expect(first.status).toBe(200);
    expect(Number(first.body.list[0].Root)).toBe(4);
    await server.api.post(`/api/v2/tables/${tableId}/records`, { Num: -4 }, { token: owner.token });
    const res = await server.api.get(`/api/v2/tables/${tableId}/records`, { token: owner.token });
    if (kind === 'pg') {
      expect(res.status).toBe(422);
      expect(res.body.msg).toMatch(/^Could not compute a value: .*square root/);
    } else {
      expect(res.status).toBe(200);
      expect(res.body.list[1].Root).toBeNull();
    }
  });
});
