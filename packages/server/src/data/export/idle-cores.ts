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

/** Idle cores over the next `ms` (0 to the number of cores). */
export async function idleCores(ms = 100): Promise<number> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  const total = after.total - before.total;
  if (total <= 0) return 0;
  return ((after.idle - before.idle) / total) * cpus().length;
}
