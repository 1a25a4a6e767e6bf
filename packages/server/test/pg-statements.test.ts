/**
 * Row reads on PostgreSQL as named statements (docs/performance.md, "Prepared statements"): the app's own
 * database prepares each SQL text once per connection and answers with the values of each call; a column
 * whose type changed under a prepared statement is read again without error; external sources' pools
 * prepare nothing. Runs on PostgreSQL only (RB_TEST_DBS must include pg).
 */
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgPoolConfig } from '../src/data/pg-session.js';
import { pgSelect, useNamedStatements } from '../src/data/pg-statements.js';
import { loadConfig } from '../src/config.js';
import { openMetaDb } from '../src/meta/db.js';
import { createScratchDatabase, testDatabases } from './harness.js';

describe.runIf(testDatabases().includes('pg'))('named statements on PostgreSQL', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let app: Knex;
  let external: Knex;

  beforeAll(async () => {
    scratch = await createScratchDatabase('pg');
    // One connection each: the statements a session prepared are listed in that session's pg_prepared_statements.
    app = knexFactory({ client: 'pg', connection: scratch.url, pool: pgPoolConfig({ min: 0, max: 1 }) });
    useNamedStatements(app);
    external = knexFactory({ client: 'pg', connection: scratch.url, pool: pgPoolConfig({ min: 0, max: 1 }) });
    await app.raw('create table items (id serial primary key, title text, qty integer)');
    await app('items').insert(Array.from({ length: 20 }, (_, i) => ({ title: `Item ${i}`, qty: i % 5 })));
  });
  afterAll(async () => {
    await app?.destroy();
    await external?.destroy();
    await scratch?.drop();
  });

  const prepared = async (db: Knex) =>
    (
      (await db.raw('select statement from pg_prepared_statements order by prepare_time')).rows as {
        statement: string;
      }[]
    ).map((r) => r.statement);

  it('prepares a read once and answers each call with its own values', async () => {
    const page = (qty: number) =>
      app('items').select('id', 'qty').where('qty', '<', qty).orderBy('id').limit(3);
    expect(await pgSelect(app, page(1))).toEqual([
      { id: 1, qty: 0 },
      { id: 6, qty: 0 },
      { id: 11, qty: 0 },
    ]);
    expect(await pgSelect(app, page(3))).toEqual([
      { id: 1, qty: 0 },
      { id: 2, qty: 1 },
      { id: 3, qty: 2 },
    ]);
    const count = (qty: number) => app('items').count({ n: '*' }).where('qty', '>=', qty);
    expect(await pgSelect(app, count(4))).toEqual([{ n: '4' }]);
    expect(await pgSelect(app, count(0))).toEqual([{ n: '20' }]);
    const statements = await prepared(app);
    expect(statements).toEqual([
      'select "id", "qty" from "items" where "qty" < $1 order by "id" asc limit $2',
      'select count(*) as "n" from "items" where "qty" >= $1',
    ]);
  });

  it('reads a column whose type changed under a prepared statement', async () => {
    const read = () => pgSelect(app, app('items').select('qty').where('id', 2));
    expect(await read()).toEqual([{ qty: 1 }]);
    await app.raw('alter table items alter column qty type numeric(10, 2)');
    await app('items').where('id', 2).update({ qty: 2.5 });
    // numeric comes back as text from the pg driver: the new type, not an error from the old plan.
    expect(await read()).toEqual([{ qty: '2.50' }]);
    expect(await read()).toEqual([{ qty: '2.50' }]);
  });

  it('prepares nothing on the pool of an external source', async () => {
    const rows = await pgSelect(external, external('items').select('title').where('id', 3));
    expect(rows).toEqual([{ title: 'Item 2' }]);
    expect(await prepared(external)).toEqual([]);
  });

  it('follows RB_PG_PREPARED for the app database', async () => {
    for (const [setting, expected] of [
      [undefined, ['select "title" from "items" where "id" = $1']],
      ['false', []],
    ] as const) {
      const config = loadConfig({
        DATABASE_URL: scratch.url,
        NC_AUTH_JWT_SECRET: 'x'.repeat(32),
        RB_PG_PREPARED: setting,
      });
      const db = openMetaDb(config.db);
      try {
        // One query at a time: the pool lends the same connection again.
        expect(await pgSelect(db, db('items').select('title').where('id', 4))).toEqual([{ title: 'Item 3' }]);
        expect(await prepared(db)).toEqual(expected);
      } finally {
        await db.destroy();
      }
    }
  });
});
