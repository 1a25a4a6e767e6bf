import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryThread } from '../src/webhooks/delivery-thread.js';
import type { AttemptReport, DeliveryOutcome, UrlDelivery } from '../src/webhooks/url-delivery.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { createProductTable, productRow, type ProductTable } from './rows-fixtures.js';
import { startReceiver, waitFor } from './webhook-receiver.js';

/** A receiver that notes each request's marker and, for `/held`, answers only when told to. */
async function startHoldingReceiver() {
  const arrived: string[] = [];
  const held: ServerResponse[] = [];
  let failFirst = true;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as { data: { rows: { Title: string }[] } };
      arrived.push(`${req.url}|${body.data.rows[0]!.Title}`);
      if (req.url === '/held') held.push(res);
      else if (req.url === '/fails-first' && failFirst) {
        failFirst = false;
        res.writeHead(503).end();
      } else res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived,
    held,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

const delivery = (url: string, title: string, extra: Partial<UrlDelivery['hook']> = {}): UrlDelivery => ({
  hook: {
    id: `hk-${url}`,
    notification: { type: 'URL', payload: { method: 'POST', path: url, headers: [], parameters: [] } },
    timeout: 5000,
    retries: 0,
    retry_interval: 50,
    version: 'v2',
    ...extra,
  },
  payload: {
    type: 'records.after.update',
    id: title,
    version: 'v2',
    data: { table_id: 'm1', table_name: 'Products', rows: [{ Title: title }] },
  },
  allowLocal: true,
  logLevel: 'ALL',
});

/** The markers as they arrived, a resend of the same marker right after itself counted once. */
const inArrivalOrder = (arrived: string[], path: string) =>
  arrived
    .filter((a) => a.startsWith(`${path}|`))
    .map((a) => a.split('|')[1]!)
    .filter((m, i, all) => m !== all[i - 1]);

describe('the webhook delivery thread', () => {
  let receiver: Awaited<ReturnType<typeof startHoldingReceiver>>;
  let thread: DeliveryThread;
  beforeAll(async () => {
    receiver = await startHoldingReceiver();
    thread = new DeliveryThread();
  });
  afterAll(async () => {
    await thread?.close(0);
    await receiver?.close();
  });

  it('delivers everything, in order per hook, when the thread is stopped mid-delivery', async () => {
    const outcomes: Promise<DeliveryOutcome>[] = [];
    for (let i = 1; i <= 5; i++)
      outcomes.push(thread.deliver(delivery(`${receiver.url}/held`, `r${i}`), () => {}).done);
    // The first request is at the receiver and unanswered; the rest wait behind it in the hook's line.
    await waitFor(() => (receiver.held.length ? true : undefined), 'the first request');
    expect(receiver.arrived).toEqual(['/held|r1']);
    await thread.restart();
    // The new thread sends r1 again, then the others; answer each as it comes.
    const answering = setInterval(
      () => receiver.held.splice(0).forEach((res) => res.writeHead(200).end()),
      10,
    );
    try {
      const done = await Promise.all(outcomes);
      expect(done.map((o) => o.ok)).toEqual([true, true, true, true, true]);
    } finally {
      clearInterval(answering);
    }
    expect(inArrivalOrder(receiver.arrived, '/held')).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    // r1 was sent again by the new thread: at least once, not at most once.
    expect(receiver.arrived.filter((a) => a === '/held|r1')).toHaveLength(2);
    expect(thread.size).toBe(0);
  });

  it('retries a receiver that fails first, reports each attempt, and sends the hook’s next delivery after it', async () => {
    const attempts: AttemptReport[] = [];
    const url = `${receiver.url}/fails-first`;
    const first = thread.deliver(delivery(url, 'a', { retries: 2 }), (a) => attempts.push(a)).done;
    const second = thread.deliver(delivery(url, 'b', { retries: 2 }), () => {}).done;
    expect(await first).toEqual({ ok: true, attempts: 2, cancelled: false, errorMessage: null });
    expect(await second).toMatchObject({ ok: true });
    expect(attempts.map((a) => [a.attempt, a.result.errorCode, a.payload?.id])).toEqual([
      [1, 'HTTP_503', 'a'],
      [2, null, 'a'],
    ]);
    // Ready-made payloads name no row the thread knows, so each goes alone (docs/webhooks.md "Pipelined
    // deliveries"): b waits for a's retry.
    expect(receiver.arrived.filter((a) => a.startsWith('/fails-first'))).toEqual([
      '/fails-first|a',
      '/fails-first|a',
      '/fails-first|b',
    ]);
  });

  it('refuses a private address unless local hooks are allowed, on the thread too', async () => {
    const attempts: AttemptReport[] = [];
    const guarded = { ...delivery(`${receiver.url}/ok`, 'g'), allowLocal: false };
    const outcome = await thread.deliver(guarded, (a) => attempts.push(a)).done;
    expect(outcome).toMatchObject({ ok: false, attempts: 1 });
    expect(attempts[0]!.result.errorCode).toBe('BLOCKED_ADDRESS');
    expect(receiver.arrived).not.toContain('/ok|g');
  });
});

describe.each(testDatabases())('webhook deliveries through the delivery thread on %s', (kind) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let t: ProductTable;
  const as = () => ({ token: t.owner.token });

  beforeAll(async () => {
    server = await startTestServer(kind, { NC_ALLOW_LOCAL_HOOKS: 'true', NC_AUTOMATION_LOG_LEVEL: 'ERROR' });
    receiver = await startReceiver();
    t = await createProductTable(server);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('sends a row’s writes in order when the receiver fails the first, and logs the failure', async () => {
    const hook = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/hooks`,
      {
        title: 'Ordered',
        event: 'after',
        operation: ['insert', 'update'],
        retries: 2,
        retry_interval: 100,
        notification: { type: 'URL', payload: { method: 'POST', path: `${receiver.url}/fails-once` } },
      },
      as(),
    );
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    const created = await server.api.post(t.v1, productRow(1), as());
    const id = created.body.Id;
    for (const qty of [2, 3, 4]) await server.api.patch(`${t.v1}/${id}`, { Qty: qty }, as());
    // The updates are of the same row as the failed insert, so none is sent before its retry (docs/webhooks.md
    // "Pipelined deliveries"): what follows the insert's retry is the updates in write order, once each.
    const afterRetry = (r: typeof receiver.received) => {
      const inserts = r.flatMap((x, i) => (x.body.type === 'records.after.insert' ? [i] : []));
      return inserts.length < 2
        ? []
        : r.slice(inserts[1]! + 1).map((x) => [x.body.type, x.body.data.rows[0].Qty]);
    };
    const got = await waitFor(() => {
      const r = receiver.received.filter((x) => x.url === '/fails-once');
      return afterRetry(r).length >= 3 ? r : undefined;
    }, 'the insert twice and three updates after it');
    await new Promise((r) => setTimeout(r, 300));
    expect(afterRetry(receiver.received.filter((x) => x.url === '/fails-once'))).toEqual([
      ['records.after.update', 2],
      ['records.after.update', 3],
      ['records.after.update', 4],
    ]);
    const inserts = got.filter((r) => r.body.type === 'records.after.insert');
    expect(got.slice(0, 2).map((r) => r.body.type)).toEqual(['records.after.insert', 'records.after.insert']);
    expect(inserts.map((r) => r.body.data.rows[0].Qty)).toEqual([1, 1]);
    // Both tries of the insert carried the same delivery id.
    expect(inserts[0]!.body.id).toBe(inserts[1]!.body.id);
    // NC_AUTOMATION_LOG_LEVEL=ERROR: the failed attempt only (its row is written once the job ends).
    let page = await server.api.get(`/api/v1/db/meta/hooks/${hook.body.id}/logs`, as());
    for (const until = Date.now() + 5000; !page.body.list.length && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 50));
      page = await server.api.get(`/api/v1/db/meta/hooks/${hook.body.id}/logs`, as());
    }
    expect(
      page.body.list.map((l: { attempt: number; error_code: string }) => [l.attempt, l.error_code]),
    ).toEqual([[1, 'HTTP_503']]);
  });
});
