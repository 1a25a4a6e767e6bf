import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { openMetaDb } from './db.js';

const dir = mkdtempSync(path.join(tmpdir(), 'rowbase-immediate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('takes the write lock when a SQLite transaction begins, so a later write waits instead of failing', async () => {
  const file = path.join(dir, 'meta.db');
  const db = openMetaDb({ client: 'sqlite', connection: file });
  await db.schema.createTable('t', (t) => t.integer('n'));
  const other = new Database(file, { timeout: 0 });
  try {
    await db.transaction(async (trx) => {
      await trx('t').select('n'); // a read first, as services do before writing
      // Another connection cannot write while this transaction holds the lock it took at BEGIN.
      expect(() => other.prepare('insert into t (n) values (1)').run()).toThrow(/locked|busy/i);
      await trx('t').insert({ n: 2 });
    });
    other.prepare('insert into t (n) values (3)').run();
    expect((await db('t').orderBy('n')).map((r) => r.n)).toEqual([2, 3]);
  } finally {
    other.close();
    await db.destroy();
  }
});
