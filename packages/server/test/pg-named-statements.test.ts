/**
 * Named statements for PostgreSQL row reads (docs/performance.md, "Named statements on PostgreSQL"): a SELECT
 * text seen before runs as a named statement, parsed once per connection and planned with its values on every
 * execution (never a generic plan); a statement whose columns changed type is parsed again; transactions and
 * RB_PG_NAMED_STATEMENTS=false send it unnamed; the names kept stay bounded. Runs on PostgreSQL only (RB_TEST_DBS
 * must include pg).
 */
import knexFactory, { type Knex } from 'knex';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { selectPgNative } from '../src/data/pg-select.js';
import { pgPoolConfig } from '../src/data/pg-session.js';
import { MAX_NAMED } from '../src/data/pg-statement-names.js';
import { createScratchDatabase, testDatabases } from './harness.js';

const ROWS = 20_000;

interface Prepared {
  name: string;
  statement: string;
  generic_plans: number;
  custom_plans: number;
}

describe.runIf(testDatabases().includes('pg'))('named statements on PostgreSQL', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let db: Knex;

  beforeAll(async () => {
    scratch = await createScratchDatabase('pg');
    // One connection, so the session the reads prepared on is the one asked about them.
    db = knexFactory({ client: 'pg', connection: scratch.url, pool: pgPoolConfig({ min: 1, max: 1 }) });
    // `kind` is 'rare' on 20 rows and 'common' on every other: the best plan depends on the value.
    await db.raw(`create table items (id serial primary key, kind text not null, qty int not null)`);
    await db.raw(
      `insert into items (kind, qty) select case when g % 1000 = 0 then 'rare' else 'common' end, g % 97 from generate_series(1, ${ROWS}) g`,
    );
    await db.raw(`create index items_kind on items (kind, id)`);
    await db.raw(`create index items_qty on items (qty)`);
    await db.raw(`analyze items`);
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    await scratch?.drop();
  });
  afterEach(async () => {
    delete process.env.RB_PG_NAMED_STATEMENTS;
  });

  const prepared = async (sql?: string): Promise<Prepared[]> =>
    (
      await db.raw(
        `select name, statement, generic_plans::int, custom_plans::int from pg_prepared_statements ${sql ? 'where statement = ?' : ''} order by name`,
        sql ? [sql] : [],
      )
    ).rows;

  it('plans every execution of a prepared statement with its values', async () => {
    expect((await db.raw('show plan_cache_mode')).rows[0].plan_cache_mode).toBe('force_custom_plan');
    expect((await db.raw('show jit')).rows[0].jit).toBe('off');
  });

  it('names a text the second time it is seen, parses it once and plans each run with its own values', async () => {
    const sql = 'select id, qty from items where kind = $1 and qty < $2 order by id limit 25';
    const expected = async (kind: string, qty: number) =>
      (await db.raw('select id, qty from items where kind = ? and qty < ? order by id limit 25', [kind, qty]))
        .rows;
    const runs: [string, number][] = [];
    for (let i = 0; i < 12; i++) runs.push([i % 3 === 0 ? 'rare' : 'common', 10 + i * 7]);
    for (const [kind, qty] of runs)
      expect(await selectPgNative(db, { sql, bindings: [kind, qty] })).toEqual(await expected(kind, qty));
    const [statement, ...others] = await prepared(sql);
    expect(others).toEqual([]);
    // The first run went unnamed; the other eleven reused one statement, each planned for its values.
    expect(statement).toMatchObject({ generic_plans: 0, custom_plans: 11 });
    expect(statement!.name).toMatch(/^rb_\d+_\d+$/);
  });

  it('parses a statement again when a column it reads changed type', async () => {
    const sql = 'select id, qty from items where id <= $1 order by id';
    await selectPgNative(db, { sql, bindings: [2] });
    expect(await selectPgNative(db, { sql, bindings: [3] })).toEqual([
      { id: 1, qty: 1 },
      { id: 2, qty: 2 },
      { id: 3, qty: 3 },
    ]);
    await db.raw('alter table items alter column qty type bigint');
    try {
      // The driver returns bigint as text: the rows show the new column type, read by a statement parsed again.
      expect(await selectPgNative(db, { sql, bindings: [2] })).toEqual([
        { id: 1, qty: '1' },
        { id: 2, qty: '2' },
      ]);
      expect(await prepared(sql)).toHaveLength(1);
    } finally {
      await db.raw('alter table items alter column qty type int');
    }
  });

  it('sends texts unnamed inside a transaction and when RB_PG_NAMED_STATEMENTS is false', async () => {
    const inTrx = 'select count(*)::int as n from items where qty = $1';
    await db.transaction(async (trx) => {
      for (let i = 0; i < 3; i++)
        expect(await selectPgNative(trx, { sql: inTrx, bindings: [i] })).toHaveLength(1);
    });
    expect(await prepared(inTrx)).toEqual([]);
    process.env.RB_PG_NAMED_STATEMENTS = 'false';
    const off = 'select count(*)::int as n from items where qty > $1';
    for (let i = 0; i < 3; i++) expect(await selectPgNative(db, { sql: off, bindings: [i] })).toHaveLength(1);
    expect(await prepared(off)).toEqual([]);
  });

  it('keeps at most the names of one generation on a connection', async () => {
    for (let n = 0; n < MAX_NAMED + 20; n++) {
      const sql = `select $1::int + ${n} as v`;
      for (let i = 0; i < 2; i++)
        expect(await selectPgNative(db, { sql, bindings: [i] })).toEqual([{ v: i + n }]);
    }
    const kept = await prepared();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(MAX_NAMED);
    // Only the new generation's statements are left, and they still run.
    expect(new Set(kept.map((s) => s.name.split('_')[1])).size).toBe(1);
    const last = `select $1::int + ${MAX_NAMED + 19} as v`;
    expect(await selectPgNative(db, { sql: last, bindings: [5] })).toEqual([{ v: MAX_NAMED + 24 }]);
  });
});
