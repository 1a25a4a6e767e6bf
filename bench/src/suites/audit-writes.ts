/**
 * What the audit trail costs a write (docs/audit.md#cost): two server processes on embedded SQLite, one with the
 * audit on and one with `NC_DISABLE_AUDIT=true`, take single-row inserts and updates through the v1 row API in
 * alternating rounds, so a change in the machine's load hits both alike. Reported per write: the server's CPU
 * time (the write and its audit entry, written on the next turn) and the wall-time p50.
 */
import { createBenchTable, type Api } from '../rows-bench.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { median } from '../stats.js';
import { call, writeRound } from '../write-rounds.js';

const ROUNDS = Number(process.env.BENCH_AUDIT_ROUNDS ?? 8);
const PER_ROUND = Number(process.env.BENCH_AUDIT_WRITES ?? 100);

interface Side {
  name: string;
  server: ServerProcess;
  api: Api;
  rowsPath: string;
  ids: number[];
  cpu: { insert: number; update: number };
  ms: { insert: number[]; update: number[] };
}

async function side(name: string, env: Record<string, string>): Promise<Side> {
  const server = await startServerProcess(env);
  const signup = await call<{ token: string }>(
    { url: server.url, token: '' },
    'POST',
    '/api/v1/auth/user/signup',
    {
      email: 'bench-audit@example.com',
      password: 'Password123!',
    },
  );
  const api: Api = { url: server.url, token: signup.token };
  const { baseId, tableId } = await createBenchTable(api);
  const rowsPath = `/api/v1/db/data/noco/${baseId}/${tableId}`;
  const seeded = await call<{ Id: number }[]>(
    api,
    'POST',
    `/api/v1/db/data/bulk/noco/${baseId}/${tableId}`,
    Array.from({ length: 100 }, (_, i) => ({ Title: `seed ${i}`, Name: `seed ${i}` })),
  );
  return {
    name,
    server,
    api,
    rowsPath,
    ids: seeded.map((r) => r.Id),
    cpu: { insert: 0, update: 0 },
    ms: { insert: [], update: [] },
  };
}

/** One round of inserts then updates; adds the CPU used (with the audit writes of the next turn) to the side. */
async function round(s: Side, r: number, record: boolean): Promise<void> {
  const settled = () => new Promise<void>((res) => setTimeout(res, 20));
  const target = { api: s.api, rowsPath: s.rowsPath, ids: s.ids, server: s.server };
  const { insert, update } = await writeRound(target, { count: PER_ROUND, tag: `r${r}`, settled });
  if (!record) return;
  s.cpu.insert += insert.cpu;
  s.cpu.update += update.cpu;
  s.ms.insert.push(...insert.ms);
  s.ms.update.push(...update.ms);
}

export async function auditWritesBench(): Promise<string[]> {
  const on = await side('audit on', {});
  const off = await side('audit off', { NC_DISABLE_AUDIT: 'true' });
  const lines: string[] = [];
  try {
    await round(on, -1, false);
    await round(off, -1, false);
    for (let r = 0; r < ROUNDS; r++) {
      // Alternate which side goes first, so neither always runs right after the other.
      const order = r % 2 ? [off, on] : [on, off];
      for (const s of order) await round(s, r, true);
    }
    const n = ROUNDS * PER_ROUND;
    const perWrite = (s: Side, op: 'insert' | 'update') => s.cpu[op] / n;
    for (const op of ['insert', 'update'] as const) {
      const a = perWrite(off, op);
      const b = perWrite(on, op);
      lines.push(
        `single ${op}, audit off vs on (n=${n} each)`.padEnd(52) +
          ` server CPU ${a.toFixed(3)} vs ${b.toFixed(3)} ms/write (${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)} %)` +
          `   p50 ${median(off.ms[op]).toFixed(2)} vs ${median(on.ms[op]).toFixed(2)} ms`,
      );
    }
  } finally {
    await on.server.close();
    await off.server.close();
  }
  return lines;
}
