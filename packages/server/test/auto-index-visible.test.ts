/**
 * Automatic indexes made visible and held back (docs/performance.md): the table meta marks the fields an
 * automatic index covers (the field menu says "indexed"); RB_AUTO_INDEX=false turns them off; an external
 * database gets none until its owner allows them on the source.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetaDbClient } from '../src/config.js';
import { autoIndexedColumns } from '../src/data/auto-index-list.js';
import { externalDatabase, type ExternalDatabase } from './external-db-fixtures.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { createProductTable, productRow } from './rows-fixtures.js';
import { createBase, signedInOwner, type Owner } from './meta-factories.js';

const SHAPE = `where=${encodeURIComponent('(Status,eq,open)')}&sort=-Price&limit=5`;

async function filteredAndSorted(server: TestServer, owner?: Owner) {
  const t = await createProductTable(server, owner);
  const ins = await server.api.post(t.bulk, [productRow(1), productRow(2)], { token: t.owner.token });
  expect(ins.status).toBe(200);
  expect((await server.api.get(`${t.v2}?${SHAPE}`, { token: t.owner.token })).status).toBe(200);
  await server.ctx.dataCache.indexes.settled();
  const meta = await server.api.get(`/api/v1/db/meta/tables/${t.tableId}`, { token: t.owner.token });
  expect(meta.status).toBe(200);
  const indexed = (meta.body.columns as any[]).filter((c) => c.auto_indexed).map((c) => c.title);
  return { t, indexed };
}

/** An external database of the same kind with one table. */
const shop = (kind: MetaDbClient) =>
  externalDatabase(kind, async (knex: Knex) => {
    await knex.schema.createTable('customers', (t) => {
      t.increments('id');
      t.string('name', 100);
      t.integer('credit');
    });
    await knex('customers').insert([
      { name: 'a', credit: 5 },
      { name: 'b', credit: 50 },
    ]);
  });

describe.each(testDatabases())('automatic indexes on %s', (kind) => {
  let server: TestServer;
  let ext: ExternalDatabase;
  let owner: Owner;
  beforeAll(async () => {
    server = await startTestServer(kind);
    // The first user is the super admin (connecting a SQLite file needs one).
    owner = await signedInOwner(server);
    ext = await shop(kind);
  });
  afterAll(async () => {
    await server?.close();
    await ext?.drop();
  });

  it('marks the fields an automatic index covers in the table meta', async () => {
    const { indexed } = await filteredAndSorted(server, owner);
    expect(indexed.sort()).toEqual(['Price', 'Status']);
  });

  it('leaves an external database alone until its owner allows indexes on the source', async () => {
    const base = await createBase(server, owner);
    const src = await server.api.post(
      `/api/v1/db/meta/projects/${base.id}/bases/`,
      { alias: 'Shop', config: ext.config },
      { token: owner.token },
    );
    expect(src.status, JSON.stringify(src.body)).toBe(200);
    expect(src.body.auto_index).toBe(false);
    const tables = await server.api.get(`/api/v1/db/meta/projects/${base.id}/${src.body.id}/tables`, {
      token: owner.token,
    });
    const customers = tables.body.list.find((t: any) => t.table_name === 'customers');
    const page = () =>
      server.api.get(
        `/api/v2/tables/${customers.id}/records?where=${encodeURIComponent('(credit,gt,10)')}&sort=-name`,
        { token: owner.token },
      );
    const first = await page();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.list.map((r: any) => r.name ?? r.Name)).toEqual(['b']);
    await server.ctx.dataCache.indexes.settled();
    expect([...(await autoIndexedColumns(ext.knex, kind, 'customers'))]).toEqual([]);

    const allowed = await server.api.patch(
      `/api/v1/db/meta/projects/${base.id}/bases/${src.body.id}`,
      { auto_index: true },
      { token: owner.token },
    );
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.auto_index).toBe(true);
    expect((await page()).status).toBe(200);
    await server.ctx.dataCache.indexes.settled();
    // The page's index (the sort field, then the key); where the count ran beside it, the filter's too.
    expect([...(await autoIndexedColumns(ext.knex, kind, 'customers'))]).toContain('name');
  });
});

describe.each(testDatabases())('RB_AUTO_INDEX=false on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { RB_AUTO_INDEX: 'false' });
  });
  afterAll(async () => server?.close());

  it('creates no automatic index and marks no field', async () => {
    const { t, indexed } = await filteredAndSorted(server);
    expect(indexed).toEqual([]);
    expect([...(await autoIndexedColumns(server.ctx.db, kind, t.table.table_name))]).toEqual([]);
  });
});
