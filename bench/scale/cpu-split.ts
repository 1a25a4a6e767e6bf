/**
 * Where the machine's cores go during one benchmark run: the app processes, the PostgreSQL backends serving
 * the scratch database, Redis, the load generator (this process) and everything else on the box. CPU time is
 * read from /proc (Linux): utime + stime of each process, and the machine's busy time from /proc/stat.
 */
import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { Redis } from 'ioredis';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of a process in milliseconds, or undefined when it has gone. */
export function cpuOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** Busy and total CPU time of the whole machine (all cores), in milliseconds. */
function machine(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = cpu[3]! + cpu[4]!; // idle + iowait
  return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
}

export interface Split {
  seconds: number;
  /** CPU milliseconds of each app process. */
  apps: number[];
  postgres: number;
  redis: number;
  loadGenerator: number;
  /** Busy CPU of the rest of the machine (other jobs, PostgreSQL's own background processes). */
  rest: number;
  idle: number;
}

export interface Watch {
  /** Ends the measurement; `apps` are the app processes' CPU readers, in the order given to `watch`. */
  stop(): Promise<Split>;
}

/** The PIDs of the PostgreSQL backends connected to `database`. */
async function backends(admin: Knex, database: string): Promise<number[]> {
  const r = await admin.raw('select pid from pg_stat_activity where datname = ?', [database]);
  return (r.rows as { pid: number }[]).map((row) => row.pid);
}

/** Redis's PID when it runs on this machine (INFO server), else undefined. */
export async function redisPid(url: string): Promise<number | undefined> {
  const redis = new Redis(url);
  try {
    const info = await redis.info('server');
    const pid = Number(/process_id:(\d+)/.exec(info)?.[1]);
    return pid && cpuOf(pid) !== undefined ? pid : undefined;
  } finally {
    await redis.quit();
  }
}

/**
 * Starts measuring. Backends that appear during the run count from zero; ones that leave before the end are
 * read as they were last seen (the pool keeps them open through a run, so this loses little).
 */
export async function watch(
  apps: (() => number)[],
  admin: Knex,
  database: string,
  redis: number | undefined,
): Promise<Watch> {
  const start = new Map<number, number>();
  for (const pid of await backends(admin, database)) start.set(pid, cpuOf(pid) ?? 0);
  const appsBefore = apps.map((cpu) => cpu());
  const redisBefore = redis === undefined ? 0 : (cpuOf(redis) ?? 0);
  const selfBefore = process.cpuUsage();
  const machineBefore = machine();
  const t0 = performance.now();
  return {
    stop: async () => {
      const seconds = (performance.now() - t0) / 1000;
      const appMs = apps.map((cpu, i) => cpu() - appsBefore[i]!);
      const redisMs = redis === undefined ? 0 : (cpuOf(redis) ?? 0) - redisBefore;
      const self = process.cpuUsage(selfBefore);
      const loadGenerator = (self.user + self.system) / 1000;
      const m = machine();
      let postgres = 0;
      for (const pid of await backends(admin, database)) {
        postgres += (cpuOf(pid) ?? 0) - (start.get(pid) ?? 0);
        start.delete(pid);
      }
      const ours = appMs.reduce((a, b) => a + b, 0) + postgres + redisMs + loadGenerator;
      const busy = m.busy - machineBefore.busy;
      return {
        seconds,
        apps: appMs,
        postgres,
        redis: redisMs,
        loadGenerator,
        rest: Math.max(0, busy - ours),
        idle: m.total - machineBefore.total - busy,
      };
    },
  };
}

/** One line: cores used on average over the run by each party. */
export function describe(split: Split): string {
  const cores = (ms: number) => (ms / 1000 / split.seconds).toFixed(2);
  const apps = split.apps.reduce((a, b) => a + b, 0);
  const each = split.apps.length > 1 ? ` (${split.apps.map(cores).join(' + ')})` : '';
  return (
    `app ${cores(apps)}${each}   PostgreSQL ${cores(split.postgres)}   Redis ${cores(split.redis)}   ` +
    `load generator ${cores(split.loadGenerator)}   rest of machine ${cores(split.rest)}   idle ${cores(split.idle)}`
  );
}
