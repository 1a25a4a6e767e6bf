/**
 * How many of the machine's cores sat idle over a short look (docs/imports.md, "The row split by default when two
 * cores are idle"). The operating system's counters of every core are read twice, `ms` apart: the share of that
 * time the cores spent idle, times their number. The load average answers too late for this (it averages a
 * minute, and counts the process asking), so an export asks what the cores did just now.
 */
import { cpus } from 'node:os';

interface CpuTimes {
  idle: number;
  total: number;
}

function cpuTimes(): CpuTimes {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.irq + times.idle;
  }
  return { idle, total };
}

/**
 * How long the look takes. Every export of AUTO_SPLIT_MIN_ROWS rows or more waits for it before its first row:
 * 100 ms was a quarter of a 100,000-row export. The counters are fine enough for 50 ms: on this machine's two
 * cores, 30 looks each read 1.8–2.0 idle cores when idle and 0.9–1.1 with one core busy (docs/imports.md).
 */
export const LOOK_MS = 50;

/** Idle cores over the next `ms` (0 to the number of cores). */
export async function idleCores(ms = LOOK_MS): Promise<number> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  const total = after.total - before.total;
  if (total <= 0) return 0;
  return ((after.idle - before.idle) / total) * cpus().length;
}
