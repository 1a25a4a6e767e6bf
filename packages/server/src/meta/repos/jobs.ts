/** The jobs of the in-process queue (table rb_jobs): what was asked, where it stands, how it ended. */
import type { Knex } from 'knex';
import type { JobProgress, JobRecord, JobStatus } from '../../jobs/job-queue.js';
import { runSqliteWrite } from '../../data/sqlite-statements.js';
import { parseJson, toNum } from '../rows.js';

type Row = Record<string, unknown>;

function fromRow(r: Row): JobRecord {
  return {
    id: r.id as string,
    job: r.kind as string,
    status: r.status as JobStatus,
    base_id: (r.base_id as string | null) ?? null,
    fk_user_id: (r.fk_user_id as string | null) ?? null,
    data: parseJson<unknown>(r.input, null),
    result: parseJson<unknown>(r.result, null),
    error: (r.error as string | null) ?? null,
    progress: parseJson<JobProgress | null>(r.progress, null),
    created_at: toNum(r.created_at),
    updated_at: toNum(r.updated_at),
  };
}

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

/**
 * The statements run for every job, on embedded SQLite through the statement cache instead of knex (a webhook
 * delivery job is queued every 50 ms while rows are written: docs/jobs.md "Cost").
 */
const INSERT_SQL =
  'insert into rb_jobs (id, kind, status, base_id, fk_user_id, input, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)';
const statusSql = (from: number, withResult: boolean, withError: boolean) =>
  `update rb_jobs set status = ?${withResult ? ', result = ?' : ''}${withError ? ', error = ?' : ''}, updated_at = ? ` +
  `where id = ?${from ? ` and status in (${Array.from({ length: from }, () => '?').join(', ')})` : ''}`;

export class JobsRepo {
  constructor(private readonly db: Knex) {}

  async insert(job: {
    id: string;
    kind: string;
    baseId: string | null;
    userId: string | null;
    input: unknown;
  }): Promise<JobRecord> {
    const now = Date.now();
    const row = {
      id: job.id,
      kind: job.kind,
      status: 'waiting',
      base_id: job.baseId,
      fk_user_id: job.userId,
      input: json(job.input),
      created_at: now,
      updated_at: now,
    };
    const params = [row.id, row.kind, row.status, row.base_id, row.fk_user_id, row.input, now, now];
    if ((await runSqliteWrite(this.db, INSERT_SQL, params)) === undefined)
      await this.db('rb_jobs').insert(row);
    // The row as stored, without reading it back (the input as its JSON gives it, like a read would).
    return fromRow(row);
  }

  async byId(id: string): Promise<JobRecord | undefined> {
    const r = await this.db('rb_jobs').where({ id }).first();
    return r ? fromRow(r) : undefined;
  }

  async listByBase(baseId: string, filter: { kind?: string; status?: JobStatus } = {}): Promise<JobRecord[]> {
    const q = this.db('rb_jobs').where({ base_id: baseId });
    if (filter.kind) q.where({ kind: filter.kind });
    if (filter.status) q.where({ status: filter.status });
    const rows = await q.orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
    return rows.map(fromRow);
  }

  async listByStatus(statuses: JobStatus[]): Promise<JobRecord[]> {
    const rows = await this.db('rb_jobs').whereIn('status', statuses).orderBy('created_at');
    return rows.map(fromRow);
  }

  /**
   * Moves a job to `status` when it is in one of `from` (all states when absent); returns whether it moved.
   * The guard keeps a finished job finished when a late cancel and a completion race.
   */
  async setStatus(
    id: string,
    status: JobStatus,
    outcome: { result?: unknown; error?: string } = {},
    from?: JobStatus[],
    at = Date.now(),
  ): Promise<boolean> {
    const result = outcome.result !== undefined ? json(outcome.result) : undefined;
    const fast = await runSqliteWrite(
      this.db,
      statusSql(from?.length ?? 0, result !== undefined, outcome.error !== undefined),
      [
        status,
        ...(result !== undefined ? [result] : []),
        ...(outcome.error !== undefined ? [outcome.error] : []),
        at,
        id,
        ...(from ?? []),
      ],
    );
    if (fast !== undefined) return fast > 0;
    const q = this.db('rb_jobs').where({ id });
    if (from) q.whereIn('status', from);
    const changed = await q.update({
      status,
      ...(result !== undefined ? { result } : {}),
      ...(outcome.error !== undefined ? { error: outcome.error } : {}),
      updated_at: at,
    });
    return changed > 0;
  }

  async setProgress(id: string, progress: JobProgress): Promise<void> {
    await this.db('rb_jobs')
      .where({ id })
      .update({ progress: json(progress), updated_at: Date.now() });
  }

  /** Deletes the jobs that finished (completed or failed) before `before` (ms); returns how many. */
  async deleteFinishedBefore(before: number): Promise<number> {
    return this.db('rb_jobs')
      .whereIn('status', ['completed', 'failed'])
      .andWhere('updated_at', '<', before)
      .delete();
  }
}
