import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditWriter, flushPendingAudits, type AuditRow } from './audit-writer.js';

const row = (n: number, extra: Partial<AuditRow> = {}): AuditRow => ({
  user: `u${n}@example.com`,
  ip: '10.0.0.1',
  base_id: 'p1',
  op_type: 'DATA',
  op_sub_type: 'UPDATE',
  description: `Title changed from ${n} to ${n + 1}`,
  created_at: 1_700_000_000_000 + n,
  ...extra,
});

describe('the audit writer on embedded SQLite', () => {
  let db: Knex;
  const errors: unknown[] = [];
  const log = { error: (fields: unknown) => void errors.push(fields) } as never;

  beforeAll(async () => {
    db = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: ':memory:' },
      useNullAsDefault: true,
    });
    await db.schema.createTable('rb_audits', (t) => {
      t.string('id', 20).primary();
      t.string('user', 255);
      t.string('ip', 64);
      t.string('base_id', 20);
      t.string('fk_model_id', 20);
      t.string('row_id', 255);
      t.string('op_type', 64).notNullable();
      t.string('op_sub_type', 64);
      t.text('description');
      t.text('details');
      t.bigInteger('created_at').notNullable();
    });
  });
  afterAll(() => db.destroy());

  it('writes a batch in the order written, every column as given and the rest empty', async () => {
    const writer = auditWriter({ db, log });
    writer.write(row(1, { fk_model_id: 'm1', row_id: '7', details: '{"changes":[]}' }));
    writer.write(row(2));
    writer.write(row(3, { user: null, ip: null }));
    expect(await db('rb_audits').count({ n: '*' })).toEqual([{ n: 0 }]); // queued, not written yet
    await flushPendingAudits(db);
    const stored = (await db('rb_audits').select('*').orderByRaw('rowid')) as Record<string, unknown>[];
    expect(stored.map(({ id, ...rest }) => ({ id: String(id).slice(0, 3), ...rest }))).toEqual([
      { id: 'adt', ...row(1), fk_model_id: 'm1', row_id: '7', details: '{"changes":[]}' },
      { id: 'adt', ...row(2), fk_model_id: null, row_id: null, details: null },
      { id: 'adt', ...row(3), user: null, ip: null, fk_model_id: null, row_id: null, details: null },
    ]);
    expect(new Set(stored.map((r) => r.id)).size).toBe(3);
    await writer.close();
  });

  it('keeps batches in order, writes nothing of a batch that fails and goes on with the next', async () => {
    await db('rb_audits').del();
    const writer = auditWriter({ db, log });
    writer.write(row(10));
    await flushPendingAudits(db);
    // A batch that cannot go in (op_type is required) is logged and leaves no half of itself behind.
    writer.write(row(11));
    writer.write(row(12, { op_type: null as never }));
    await flushPendingAudits(db);
    writer.write(row(13));
    await writer.close();
    expect(errors).toHaveLength(1);
    const stored = await db('rb_audits').select('description').orderByRaw('rowid');
    expect(stored).toEqual([
      { description: 'Title changed from 10 to 11' },
      { description: 'Title changed from 13 to 14' },
    ]);
    // The connection is usable by knex afterwards, outside any transaction.
    expect(await db.transaction(async (trx) => (await trx('rb_audits').count({ n: '*' }))[0])).toEqual({
      n: 2,
    });
  });
});
