/**
 * CPU time of the PostgreSQL backends serving one database, read from `/proc` (Linux, with PostgreSQL on the
 * same machine): on a 2-core machine the database's CPU per request limits requests/s as much as the
 * server's own. Backends show as `postgres: [<cluster>: ]<user> <database> <client>` in their command line.
 * Undefined where `/proc` cannot be read.
 */
import { readdirSync, readFileSync } from 'node:fs';

const BACKEND = /^postgres: (?:\S+: )?\S+ (\S+) /;

/** Clock ticks per second of `/proc/<pid>/stat` (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time so far (ms) of each backend process (by pid) serving the database. */
export type BackendCpu = Map<string, number>;

export function pgBackendCpu(database: string): BackendCpu | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return undefined;
  }
  const cpu: BackendCpu = new Map();
  for (const pid of pids) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (BACKEND.exec(cmd)?.[1] !== database) continue;
      // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    } catch {
      // The process ended meanwhile.
    }
  }
  return cpu;
}

/**
 * CPU time (ms) the backends used between two readings: backends started meanwhile count whole; one that
 * ended meanwhile (an idle pooled connection closed) is missing from the figure.
 */
export function backendCpuSince(
  before: BackendCpu | undefined,
  after: BackendCpu | undefined,
): number | undefined {
  if (!before || !after) return undefined;
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}
