import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isBusy, toErrorResponse } from './error-handler.js';

const dir = mkdtempSync(path.join(tmpdir(), 'rb-busy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A real SQLite refusal: a second connection asks to write while the first holds the write lock. */
function sqliteBusyError(): unknown {
  const file = path.join(dir, 'busy.db');
  const holder = new Database(file);
  holder.pragma('journal_mode = WAL');
  holder.exec('create table t (x integer)');
  holder.exec('begin immediate');
  const waiter = new Database(file, { timeout: 0 });
  try {
    waiter.exec('begin immediate');
    return undefined;
  } catch (e) {
    return e;
  } finally {
    holder.exec('rollback');
    holder.close();
    waiter.close();
  }
}

describe('error responses for a busy database', () => {
  it('answers 503 for SQLite busy, naming the problem', () => {
    const err = sqliteBusyError();
    expect(isBusy(err)).toBe(true);
    const { status, body } = toErrorResponse(err);
    expect(status).toBe(503);
    expect(body).toMatchObject({ msg: 'The database is busy; try again in a moment', error: 'BUSY' });
  });

  it('recognises PostgreSQL and MySQL lock contention', () => {
    for (const code of ['40001', '40P01', '55P03', 'ER_LOCK_WAIT_TIMEOUT', 'ER_LOCK_DEADLOCK'])
      expect(toErrorResponse(Object.assign(new Error('x'), { code })).status).toBe(503);
    expect(isBusy(Object.assign(new Error('x'), { errno: 1205 }))).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isBusy(new Error('boom'))).toBe(false);
    expect(isBusy(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(toErrorResponse(new Error('boom')).status).toBe(500);
  });
});
