import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change, ChangeEvent } from './change-events.js';
import { ChangeFeed } from './change-feed.js';

const tokenDeleted: Change = { type: 'token.changed', action: 'deleted', tokenId: 't1', userId: 'u1' };

function recorder(feed: ChangeFeed, opts?: Parameters<ChangeFeed['subscribe']>[1]): ChangeEvent[] {
  const seen: ChangeEvent[] = [];
  feed.subscribe((e) => void seen.push(e), opts);
  return seen;
}

describe('ChangeFeed', () => {
  let db: Knex;
  beforeAll(async () => {
    db = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: ':memory:' },
      useNullAsDefault: true,
    });
    await db.schema.createTable('t', (t) => t.integer('n'));
  });
  afterAll(async () => db.destroy());

  it('delivers a change published outside a transaction at once, as JSON with origin and sequence', () => {
    const feed = new ChangeFeed(undefined, 'process-a');
    const seen = recorder(feed);
    feed.publish(tokenDeleted);
    feed.publish({ type: 'base.changed', action: 'updated', baseId: 'b1' });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ ...tokenDeleted, origin: 'process-a', seq: 1 });
    expect(seen[1]!.seq).toBe(2);
    expect(typeof seen[0]!.at).toBe('number');
    expect(JSON.parse(JSON.stringify(seen[0]))).toEqual(seen[0]);
  });

  it('holds a change published inside a transaction until the transaction commits', async () => {
    const feed = new ChangeFeed();
    const seen = recorder(feed);
    await db.transaction(async (trx) => {
      await trx('t').insert({ n: 1 });
      feed.publish(tokenDeleted, trx);
      await trx('t').insert({ n: 2 });
      expect(seen).toHaveLength(0);
    });
    expect(seen.map((e) => e.type)).toEqual(['token.changed']);
  });

  it('drops the changes of a transaction that rolls back', async () => {
    const feed = new ChangeFeed();
    const seen = recorder(feed);
    await expect(
      db.transaction(async (trx) => {
        await trx('t').insert({ n: 3 });
        feed.publish(tokenDeleted, trx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await new Promise((r) => setImmediate(r));
    expect(seen).toHaveLength(0);
    expect(await db('t').where({ n: 3 })).toHaveLength(0);
  });

  it('delivers a nested transaction’s changes when the outer one commits, never when it rolls back', async () => {
    const feed = new ChangeFeed();
    const seen = recorder(feed);
    await expect(
      db.transaction(async (outer) => {
        await outer.transaction(async (inner) => feed.publish(tokenDeleted, inner));
        expect(seen).toHaveLength(0); // the savepoint is released, the outer transaction still open
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    await new Promise((r) => setImmediate(r));
    expect(seen).toHaveLength(0);

    await db.transaction(async (outer) => {
      await outer
        .transaction(async (inner) => {
          feed.publish({ type: 'user.changed', action: 'updated', userId: 'rolled-back' }, inner);
          throw new Error('inner fails');
        })
        .catch(() => undefined);
      feed.publish(tokenDeleted, outer);
    });
    expect(seen.map((e) => e.type)).toEqual(['token.changed']);
  });

  it('folds the field changes of one transaction into one event per table', async () => {
    const feed = new ChangeFeed();
    const seen = recorder(feed);
    await db.transaction(async (trx) => {
      for (const id of ['c1', 'c2', 'c3'])
        feed.publish(
          { type: 'field.changed', action: 'created', baseId: 'b', tableId: 'm1', fieldIds: [id] },
          trx,
        );
      feed.publish(
        { type: 'field.changed', action: 'created', baseId: 'b', tableId: 'm2', fieldIds: ['c4'] },
        trx,
      );
      feed.publish({ type: 'view.changed', action: 'updated', viewId: 'v' }, trx);
      feed.publish({ type: 'view.changed', action: 'updated', viewId: 'v' }, trx);
    });
    expect(seen.map((e) => e.type === 'field.changed' && [e.tableId, e.fieldIds])).toEqual([
      ['m1', ['c1', 'c2', 'c3']],
      ['m2', ['c4']],
      false,
    ]);
    expect(seen).toHaveLength(3);
  });

  it('keeps a failing subscriber from breaking the write or the other subscribers, and logs it', async () => {
    const warned: string[] = [];
    const feed = new ChangeFeed({ warn: (fields) => void warned.push(String(fields.subscriber)) });
    feed.subscribe(
      () => {
        throw new Error('boom');
      },
      { name: 'throws' },
    );
    feed.subscribe(async () => Promise.reject(new Error('later boom')), { name: 'rejects' });
    const seen = recorder(feed);
    expect(() => feed.publish(tokenDeleted)).not.toThrow();
    await db.transaction(async (trx) => feed.publish(tokenDeleted, trx));
    await new Promise((r) => setImmediate(r));
    expect(seen).toHaveLength(2);
    expect(warned.sort()).toEqual(['rejects', 'rejects', 'throws', 'throws']);
  });

  it('filters by type, unsubscribes, and says whether previous values are wanted', () => {
    const feed = new ChangeFeed();
    const seen = recorder(feed, { types: ['base.changed'] });
    expect(feed.wantsPreviousValues).toBe(false);
    const stop = feed.subscribe(() => undefined, { previousValues: true });
    expect(feed.wantsPreviousValues).toBe(true);
    stop();
    stop();
    expect(feed.wantsPreviousValues).toBe(false);
    expect(feed.wantsPreviousValuesFor('t1')).toBe(false);
    const stopPerTable = feed.subscribe(() => undefined, { previousValues: (tableId) => tableId === 't1' });
    expect(feed.wantsPreviousValues).toBe(false);
    expect(feed.wantsPreviousValuesFor('t1')).toBe(true);
    expect(feed.wantsPreviousValuesFor('t2')).toBe(false);
    stopPerTable();
    expect(feed.wantsPreviousValuesFor('t1')).toBe(false);
    feed.publish(tokenDeleted);
    feed.publish({ type: 'base.changed', action: 'deleted', baseId: 'b' });
    expect(seen.map((e) => e.type)).toEqual(['base.changed']);
  });

  it('hands events from another process to its subscribers with their origin', () => {
    const feed = new ChangeFeed(undefined, 'here');
    const seen = recorder(feed);
    feed.deliver({ ...tokenDeleted, origin: 'there', seq: 7, at: 1 });
    expect(seen[0]).toMatchObject({ origin: 'there', seq: 7 });
  });
});
