/**
 * CPU per webhook delivery on the sending side, for a server build: one process holds the build's delivery
 * thread (`DeliveryThread`) and a Node HTTP receiver on a thread of its own; deliveries go to three hooks in
 * groups of BENCH_DELIVERY_GROUP per hook (default 25), each group awaited before the next, BENCH_DELIVERY_GROUPS
 * groups (default 100). Prints the process's CPU (all threads) per delivery and the wall time per group.
 * See docs/webhooks.md "Pipelined deliveries".
 *
 *   cd bench && npx tsx ./src/delivery-cpu.ts /abs/path/to/packages/server/dist
 */
import { Worker } from 'node:worker_threads';

interface Thread {
  deliver(d: unknown, onAttempt: () => void): { done: Promise<unknown> };
  close(graceMs?: number): Promise<void>;
}

const dist = process.argv[2] ?? new URL('../../packages/server/dist', import.meta.url).pathname;
const groups = Number(process.env.BENCH_DELIVERY_GROUPS ?? 100);
const per = Number(process.env.BENCH_DELIVERY_GROUP ?? 25);
const { DeliveryThread } = (await import(`${dist}/webhooks/delivery-thread.js`)) as {
  DeliveryThread: new () => Thread;
};

const receiver = new Worker(
  `const { createServer } = require('node:http');
const { parentPort } = require('node:worker_threads');
createServer((req, res) => { req.on('data', () => {}); req.on('end', () => res.writeHead(200).end('ok')); })
  .listen(0, '127.0.0.1', function () { parentPort.postMessage(this.address().port); });`,
  { eval: true },
);
const port = await new Promise<number>((r) => receiver.once('message', r));
const thread = new DeliveryThread();
const delivery = (h: number, i: number) => ({
  hook: {
    id: `h${h}`,
    notification: {
      type: 'URL',
      payload: { method: 'POST', path: `http://127.0.0.1:${port}/h${h}`, headers: [], parameters: [] },
    },
    timeout: 10_000,
    retries: 0,
    retry_interval: 100,
    version: 'v2',
  },
  payload: {
    type: 'records.after.insert',
    id: `d${h}-${i}`,
    version: 'v2',
    data: { table_id: 't', table_name: 'T', rows: [{ Id: i, Title: `row ${i}`, Name: `name ${i}` }] },
  },
  allowLocal: true,
  logLevel: 'OFF',
});

await Promise.all([0, 1, 2].map((h) => thread.deliver(delivery(h, 0), () => {}).done));
const cpu0 = process.cpuUsage();
const t0 = performance.now();
let sent = 0;
for (let g = 0; g < groups; g++) {
  const done: Promise<unknown>[] = [];
  for (let i = 0; i < per; i++)
    for (let h = 0; h < 3; h++) done.push(thread.deliver(delivery(h, g * per + i), () => {}).done);
  sent += done.length;
  await Promise.all(done);
}
const cpu = process.cpuUsage(cpu0);
console.log(
  `${dist}: ${sent} deliveries in groups of ${per} per hook: ` +
    `${((cpu.user + cpu.system) / sent).toFixed(1)} µs CPU per delivery, ` +
    `${((performance.now() - t0) / groups).toFixed(2)} ms per group`,
);
await thread.close(100);
await receiver.terminate();
process.exit(0);
