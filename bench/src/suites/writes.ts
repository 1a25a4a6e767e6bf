/**
 * Single-row writes with and without webhooks: p50/p95 of an insert and of an update through the v1 row API
 * on a table with no hook and on one with three active URL hooks (insert and update) delivering to a real
 * receiver on loopback, and how long after the write's response each delivery arrived. The two tables take
 * rounds of writes in turn (BENCH_WRITE_ROUNDS rounds of BENCH_WRITE_RUNS writes each), so a change in the
 * machine's load hits both alike. The server runs in a child process (embedded SQLite); on a busy machine
 * wall time says little, so the server's CPU time per write (the write and everything it sets off: audit,
 * delivery jobs, requests, logs) is reported too, and that of the event-loop thread that answers the writes
 * ("app thread": the rest runs on the webhook delivery thread, SQLite readers, the garbage collector).
 */
import { Worker } from 'node:worker_threads';
import type { Api } from '../rows-bench.js';
import { createBenchTable } from '../rows-bench.js';
import { startServerProcess } from '../server-process.js';
import { median, percentile } from '../stats.js';
import { call, writeRound, type Timed, type WriteTarget } from '../write-rounds.js';

const ROUNDS = Number(process.env.BENCH_WRITE_ROUNDS ?? 6);
const RUNS = Number(process.env.BENCH_WRITE_RUNS ?? 100);
const HOOKS = 3;

/**
 * The receiver, on a thread of its own: on the bench's own event loop, answering three deliveries per write
 * would hold up the client that times the writes, and count as the server's latency. Arrival times cross over
 * as absolute high-resolution times, in batches.
 */
const RECEIVER_SOURCE = `
const { createServer } = require('node:http');
const { parentPort } = require('node:worker_threads');
let batch = [];
setInterval(() => { if (batch.length) { parentPort.postMessage(batch); batch = []; } }, 10);
const server = createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const at = performance.timeOrigin + performance.now();
    for (const r of JSON.parse(raw).data.rows) batch.push([req.url + '|' + r.Name, at]);
    res.writeHead(200).end('ok');
  });
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
`;

/** Receives deliveries and notes when each (hook path, marker) arrived, in this thread's performance.now(). */
async function startReceiver() {
  const arrived = new Map<string, number>();
  const thread = new Worker(RECEIVER_SOURCE, { eval: true });
  const port = await new Promise<number>((resolve) => {
    thread.on('message', (m: { port: number } | [string, number][]) => {
      if (!Array.isArray(m)) return resolve(m.port);
      for (const [key, at] of m) arrived.set(key, at - performance.timeOrigin);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    arrived,
    close: async () => void (await thread.terminate()),
  };
}

/**
 * The share of writes during which at least one delivery reached the receiver: a proxy, steady under load, for
 * how many writes share the cores with delivery work (the delivery thread, the receiver).
 */
function duringDeliveries(arrivals: number[], spans: [number, number][]): number {
  const at = [...arrivals].sort((a, b) => a - b);
  const firstAfter = (t: number) => {
    let lo = 0;
    let hi = at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (at[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const hit = spans.filter(([from, to]) => {
    const i = firstAfter(from);
    return i < at.length && at[i]! <= to;
  }).length;
  return spans.length ? hit / spans.length : 0;
}

const fmt = (ms: number[]) =>
  !ms.length ? 'none' : `p50 ${median(ms).toFixed(2)} ms   p95 ${percentile(ms, 95).toFixed(2)} ms`;

export async function writesBench(): Promise<string[]> {
  const server = await startServerProcess({ NC_ALLOW_LOCAL_HOOKS: 'true' });
  const receiver = await startReceiver();
  const lines: string[] = [];
  const line = (name: string, value: string) => lines.push(`${name.padEnd(52)} ${value}`);
  try {
    const signup = await call<{ token: string }>(
      { url: server.url, token: '' },
      'POST',
      '/api/v1/auth/user/signup',
      {
        email: 'bench-writes@example.com',
        password: 'Password123!',
      },
    );
    const api: Api = { url: server.url, token: signup.token };
    /** A table of its own base with 200 rows to update. */
    const target = async (): Promise<WriteTarget & { tableId: string }> => {
      const { baseId, tableId } = await createBenchTable(api);
      const seeded = await call<{ Id: number }[]>(
        api,
        'POST',
        `/api/v1/db/data/bulk/noco/${baseId}/${tableId}`,
        Array.from({ length: 200 }, (_, i) => ({ Title: `seed ${i}`, Name: `seed ${i}` })),
      );
      const rowsPath = `/api/v1/db/data/noco/${baseId}/${tableId}`;
      return { api, rowsPath, ids: seeded.map((r) => r.Id), server, tableId };
    };
    const plainTable = await target();
    const hookedTable = await target();
    for (let h = 0; h < HOOKS; h++) {
      await call(api, 'POST', `/api/v1/db/meta/tables/${hookedTable.tableId}/hooks`, {
        title: `Bench hook ${h}`,
        operation: ['insert', 'update'],
        notification: { type: 'URL', payload: { method: 'POST', path: `${receiver.url}/h${h}` } },
      });
    }
    // Waits for the audit's batch, and until every delivery of the writes tagged so has arrived.
    const settledFor = (hooks: number) => async (tag: string) => {
      await new Promise((r) => setTimeout(r, 30));
      const until = Date.now() + 60_000;
      const arrivals = () => [...receiver.arrived.keys()].filter((k) => k.includes(`|${tag}`)).length;
      while (arrivals() < hooks * RUNS && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    };
    const sides = [
      { t: plainTable, settled: settledFor(0), tag: 'plain' },
      { t: hookedTable, settled: settledFor(HOOKS), tag: 'hooked' },
    ];
    const empty = (): Timed => ({ ms: [], cpu: 0, answered: new Map(), spans: [] });
    const totals = sides.map(() => ({ insert: empty(), update: empty() }));
    /** App-thread CPU per write (inserts and updates together), per side. */
    const mainCpu = sides.map(() => 0);
    // Warm-up of both paths, then rounds in turn (alternating which side goes first).
    for (const s of sides) await writeRound(s.t, { count: RUNS, tag: `warm${s.tag}`, settled: s.settled });
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 ? [1, 0] : [0, 1];
      for (const i of order) {
        const s = sides[i]!;
        const mainBefore = await server.mainCpuMs();
        const got = await writeRound(s.t, { count: RUNS, tag: `${s.tag}${r}`, settled: s.settled });
        const mainAfter = await server.mainCpuMs();
        if (mainBefore !== undefined && mainAfter !== undefined)
          mainCpu[i]! += (mainAfter - mainBefore) / (ROUNDS * RUNS * 2);
        for (const op of ['insert', 'update'] as const) {
          const into = totals[i]![op];
          into.ms.push(...got[op].ms);
          into.cpu += got[op].cpu / (ROUNDS * RUNS);
          for (const [k, v] of got[op].answered) into.answered.set(k, v);
          into.spans.push(...got[op].spans);
        }
      }
    }
    const [plain, hooked] = totals as [(typeof totals)[0], (typeof totals)[0]];
    // How long after the write's response each delivery came.
    const expected = HOOKS * ROUNDS * RUNS * 2;
    const lag: number[] = [];
    for (const timed of [hooked.insert, hooked.update]) {
      for (const [marker, answered] of timed.answered) {
        for (let h = 0; h < HOOKS; h++) {
          const at = receiver.arrived.get(`/h${h}|${marker}`);
          if (at !== undefined) lag.push(at - answered);
        }
      }
    }
    const overhead = (a: number[], b: number[]) =>
      `${(((median(b) - median(a)) / median(a)) * 100).toFixed(1)} %`;
    const cpu = (a: Timed, b?: Timed) =>
      `   server CPU ${(b ?? a).cpu.toFixed(2)} ms/write` +
      (b ? ` (${b.cpu >= a.cpu ? '+' : ''}${(((b.cpu - a.cpu) / a.cpu) * 100).toFixed(0)} %)` : '');
    line(`single insert, no webhook (n=${ROUNDS * RUNS})`, fmt(plain.insert.ms) + cpu(plain.insert));
    line(
      `single insert, ${HOOKS} webhooks`,
      `${fmt(hooked.insert.ms)} (p50 ${overhead(plain.insert.ms, hooked.insert.ms)})${cpu(plain.insert, hooked.insert)}`,
    );
    line(`single update, no webhook`, fmt(plain.update.ms) + cpu(plain.update));
    line(
      `single update, ${HOOKS} webhooks`,
      `${fmt(hooked.update.ms)} (p50 ${overhead(plain.update.ms, hooked.update.ms)})${cpu(plain.update, hooked.update)}`,
    );
    if (mainCpu[0]) {
      const [a, b] = mainCpu as [number, number];
      line(
        'app thread CPU per write, no webhook -> 3 webhooks',
        `${a.toFixed(2)} -> ${b.toFixed(2)} ms (${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(0)} %)`,
      );
    }
    const during = duringDeliveries(
      [...receiver.arrived.values()],
      [...hooked.insert.spans, ...hooked.update.spans],
    );
    line('writes with 3 webhooks during which a delivery arrived', `${(during * 100).toFixed(1)} %`);
    line('webhook delivery after the write answered', `${fmt(lag)}   ${lag.length}/${expected} delivered`);
  } finally {
    await receiver.close();
    await server.close();
  }
  return lines;
}
