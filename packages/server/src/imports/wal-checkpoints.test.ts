import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWalCheckpoints } from './wal-checkpoints.js';

const autocheckpoint = async (db: Knex) =>
  ((await db.raw('pragma wal_autocheckpoint')) as { wal_autocheckpoint: number }[])[0]!.wal_autocheckpoint;

describe('startWalCheckpoints', () => {
  let dir: string;
  let db: Knex;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rowbase-wal-'));
    db = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: path.join(dir, 'app.db') },
      useNullAsDefault: true,
      pool: { min: 1, max: 1 },
    });
    await db.raw('pragma journal_mode = WAL');
    await db.raw('create table t (id integer primary key, text text)');
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('turns the connection’s checkpoints off while it runs, checkpoints on its thread, then restores them', async () => {
    const wal = await startWalCheckpoints(db);
    expect(await autocheckpoint(db)).toBe(0);
    const text = 'x'.repeat(2000);
    for (let batch = 0; batch < 20; batch++) {
      await db.transaction(async (trx) => {
        for (let i = 0; i < 200; i++) await trx.raw('insert into t (text) values (?)', [text]);
      });
    }
    await wal.stop();
    expect(await autocheckpoint(db)).toBe(1000);
    // The worker's last checkpoint copied every committed page into the database file: nothing is left to copy.
    const [state] = (await db.raw('pragma wal_checkpoint(PASSIVE)')) as {
      log: number;
      checkpointed: number;
    }[];
    expect(state!.log).toBe(state!.checkpointed);
    expect(statSync(path.join(dir, 'app.db')).size).toBeGreaterThan(4000 * 2000);
    expect(((await db.raw('select count(*) as n from t')) as { n: number }[])[0]!.n).toBe(4000);
  });

  it('does nothing for a database that is not an SQLite file in WAL mode', async () => {
    const memory = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: ':memory:' },
      useNullAsDefault: true,
    });
    const wal = await startWalCheckpoints(memory);
    expect(await autocheckpoint(memory)).toBe(1000);
    await wal.stop();
    await memory.destroy();
  });
});
