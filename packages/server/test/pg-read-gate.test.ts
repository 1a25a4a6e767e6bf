/**
 * Background work after the reads on PostgreSQL (docs/performance.md, "Cold reads on PostgreSQL"): an
 * automatic index build that a page asks for waits until the reads running in the process are done, at most
 * a second, so it does not share the cores with the first request of a shape. Runs on PostgreSQL only
 * (RB_TEST_DBS must include pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WAIT_MS, afterReads, readsRunning, whileReading } from '../src/data/read-gate.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { countRequests } from './count-table-fixtures.js';
import { createBase, signedInOwner, type Owner } from './meta-factories.js';

const kind = 'pg';

describe.runIf(testDatabases().includes(kind))('background work after the reads on PostgreSQL', () => {
  let server: TestServer;
  let owner: Owner;
  let baseId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signedInOwner(server);
    baseId = (await createBase(server, owner)).id;
  }, 60_000);
  afterAll(async () => server?.close());

  const { items } = countRequests(() => ({ server, owner, baseId }));

  /** A read that runs until `release` is called. */
  function heldRead() {
    let release!: () => void;
    const done = whileReading(server.ctx.db, () => new Promise<void>((r) => (release = r)));
    return { release: () => release(), done };
  }

  it('waits for the reads running, at once when none runs, and at most its longest wait', async () => {
    const db = server.ctx.db;
    expect(readsRunning(db)).toBe(0);
    await afterReads(db);

    const read = heldRead();
    expect(readsRunning(db)).toBe(1);
    let woke = false;
    const waiting = afterReads(db).then(() => (woke = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(woke).toBe(false);
    read.release();
    await read.done;
    await waiting;
    expect(woke).toBe(true);
    expect(readsRunning(db)).toBe(0);

    const long = heldRead();
    const from = Date.now();
    await afterReads(db, 200);
    expect(Date.now() - from).toBeGreaterThanOrEqual(190);
    expect(readsRunning(db)).toBe(1);
    long.release();
    await long.done;
    expect(readsRunning(db)).toBe(0);
  });

  it('builds the index a page asked for only after the reads running end, or a second later', async () => {
    const { tableId, table, rows } = await items(3000);
    await server.ctx.dataCache.indexes.settled();
    const priceIndexes = async () =>
      (
        (await server.ctx.db.raw(
          `select count(*)::int as n from pg_indexes where tablename = ? and indexname like 'rbx\\_%' and indexdef like '%(price%'`,
          [table],
        )) as { rows: { n: number }[] }
      ).rows[0]!.n;
    expect(await priceIndexes()).toBe(0);

    const read = heldRead();
    const asked = Date.now();
    const res = await server.api.get(`/api/v2/tables/${tableId}/records?limit=5&sort=-Price`, {
      token: owner.token,
    });
    expect(res.status).toBe(200);
    const expected = [...rows]
      .sort((a, b) => b.Price - a.Price || b.Id - a.Id)
      .slice(0, 5)
      .map((r) => [r.Id, r.Price]);
    expect(res.body.list.map((r: { Id: number; Price: number }) => [r.Id, r.Price])).toEqual(expected);
    // The page asked for (price, id); the build waited for the read still running, a second at most.
    await expect.poll(priceIndexes, { timeout: 30_000, interval: 50 }).toBe(1);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(MAX_WAIT_MS);
    read.release();
    await read.done;
    await server.ctx.dataCache.indexes.settled();
  }, 120_000);
});
