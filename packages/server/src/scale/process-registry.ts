/**
 * One rule keeps several app processes on one database correct: they may share it only if every one of them
 * has Redis, because each keeps caches (table models, counts, access lookups) that only the Redis fan-out
 * retires across processes. Each process writes a heartbeat row in the meta store (`rb_processes`); at start a
 * process refuses to run when a live process is found and either of them lacks Redis. A process that died
 * without cleaning up stops counting once its heartbeat is older than `staleAfterMs`. See docs/scaling.md.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { MetaDb } from '../meta/db.js';

export interface ProcessRow {
  id: string;
  host: string;
  pid: number;
  redis: boolean;
  started_at: number;
  beat_at: number;
}

export class SharedDatabaseError extends Error {}

export interface ProcessRegistryOptions {
  /** Whether this process fans its changes out over Redis. */
  redis: boolean;
  intervalMs?: number;
  staleAfterMs?: number;
}

export class ProcessRegistry {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private readonly intervalMs: number;
  private readonly staleAfterMs: number;

  constructor(
    private readonly db: MetaDb,
    private readonly opts: ProcessRegistryOptions,
  ) {
    this.intervalMs = opts.intervalMs ?? 5_000;
    this.staleAfterMs = opts.staleAfterMs ?? 3 * this.intervalMs;
  }

  /** Registers this process and starts its heartbeat; throws SharedDatabaseError when it may not run. */
  async claim(): Promise<void> {
    const now = Date.now();
    await this.db('rb_processes')
      .where('beat_at', '<', now - this.staleAfterMs)
      .delete();
    // Insert first, then look: two processes starting together both see each other and both refuse,
    // rather than both running.
    await this.db('rb_processes').insert({
      id: this.id,
      host: hostname(),
      pid: process.pid,
      redis: this.opts.redis,
      started_at: now,
      beat_at: now,
    });
    const others = (await this.live()).filter((p) => p.id !== this.id);
    const clash = others.find((p) => !this.opts.redis || !toBool(p.redis));
    if (clash) {
      await this.release();
      throw new SharedDatabaseError(
        `Another Rowbase process (${clash.host}, pid ${clash.pid}) is using this database` +
          `${toBool(clash.redis) ? '' : ' without Redis'}. Several processes may share one database only if` +
          ' every one of them has REDIS_URL set (README, "Scaling out"). Stop the other process or set REDIS_URL' +
          ' on all of them.',
      );
    }
    this.timer = setInterval(() => void this.beat(), this.intervalMs);
    this.timer.unref();
  }

  /** The processes whose heartbeat is fresh. */
  async live(): Promise<ProcessRow[]> {
    const rows = (await this.db('rb_processes')
      .where('beat_at', '>=', Date.now() - this.staleAfterMs)
      .select('*')) as ProcessRow[];
    return rows.map((r) => ({ ...r, redis: toBool(r.redis), pid: Number(r.pid) }));
  }

  /** Stops the heartbeat and removes this process's row (on shutdown). */
  async release(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.db('rb_processes').where({ id: this.id }).delete();
  }

  private async beat(): Promise<void> {
    try {
      await this.db('rb_processes').where({ id: this.id }).update({ beat_at: Date.now() });
    } catch {
      // A missed beat is retried on the next tick; the row only goes stale after several.
    }
  }
}

/** SQLite and MySQL hand booleans back as 0/1. */
function toBool(v: unknown): boolean {
  return v === true || v === 1 || v === '1';
}
