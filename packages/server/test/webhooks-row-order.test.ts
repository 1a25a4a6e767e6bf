/**
 * Order per row on the delivery thread (docs/webhooks.md "Pipelined deliveries"): a row's later delivery never
 * reaches the receiver before the row's earlier one was answered, retried or given up, while deliveries of
 * different rows of a hook still go out pipelined. Against a real Node HTTP receiver.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryThread } from '../src/webhooks/delivery-thread.js';
import type { DeliveryOutcome, UrlDelivery } from '../src/webhooks/url-delivery.js';
import { waitFor } from './webhook-receiver.js';

type Answer = (marker: string, res: ServerResponse) => void;

/** A receiver whose answer to each request is decided by the test; notes `row:version` of each as it arrives. */
async function startReceiver() {
  const arrived: string[] = [];
  let answer: Answer = (_m, res) => res.writeHead(200).end('ok');
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as { data: { rows: { Id: number; Name: string }[] } };
      const marker = body.data.rows.map((r) => `${r.Id}:${r.Name}`).join(',');
      arrived.push(marker);
      answer(marker, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived,
    answerWith: (a: Answer) => void (answer = a),
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

/** An update of one row (`Name` set to `name`) delivered to `url`, built on the thread from the write. */
const update = (url: string, id: number, name: string, retries = 0): UrlDelivery => ({
  hook: {
    id: `hk-${url}`,
    notification: { type: 'URL', payload: { method: 'POST', path: url, headers: [], parameters: [] } },
    timeout: 5000,
    retries,
    retry_interval: 30,
    version: 'v2',
  },
  write: {
    event: {
      type: 'rows.updated',
      baseId: 'p1',
      tableId: 'm1',
      ids: [id],
      changes: [{ id, values: { Name: name }, previous: { Name: 'before' } }],
    },
    operation: 'update',
    table: { title: 'Products', pkTitle: 'Id' },
  },
  allowLocal: true,
  logLevel: 'OFF',
});

describe('webhook deliveries in order per row', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let thread: DeliveryThread;
  beforeAll(async () => {
    receiver = await startReceiver();
    thread = new DeliveryThread();
  });
  afterEach(() => {
    receiver.arrived.length = 0;
    receiver.answerWith((_m, res) => res.writeHead(200).end('ok'));
  });
  afterAll(async () => {
    await thread?.close(0);
    await receiver?.close();
  });

  /** Sends one delivery and waits for it, so the connection is kept and the next ones may be pipelined. */
  const warm = async (path: string) => {
    expect(await thread.deliver(update(`${receiver.url}${path}`, 1, 'warm'), () => {}).done).toMatchObject({
      ok: true,
    });
    receiver.arrived.length = 0;
  };

  it('never lets a row’s second update reach the receiver before the first one’s retry', async () => {
    const url = `${receiver.url}/strict`;
    await warm('/strict');
    // The receiver refuses the first copy of update 1, accepts its retry, and refuses everything after that
    // (it went down again): a copy of update 2 accepted before update 1's retry would never be superseded.
    let retried = false;
    receiver.answerWith((marker, res) => {
      if (marker === '7:u1' && !receiver.arrived.slice(0, -1).includes('7:u1'))
        return void res.writeHead(503).end();
      if (retried) return void res.writeHead(503).end();
      if (marker === '7:u1') retried = true;
      res.writeHead(200).end('ok');
    });
    // Handed over in one turn: they wait together on the thread, as a job's deliveries do.
    const first = thread.deliver(update(url, 7, 'u1', 1), () => {}).done;
    const second = thread.deliver(update(url, 7, 'u2', 1), () => {}).done;
    expect(await first).toMatchObject({ ok: true, attempts: 2 });
    expect(await second).toMatchObject({ ok: false });
    expect(receiver.arrived).toEqual(['7:u1', '7:u1', '7:u2', '7:u2']);
  });

  it('pipelines different rows’ deliveries but holds a row’s next one until the previous is answered', async () => {
    const url = `${receiver.url}/held`;
    await warm('/held');
    const held: ServerResponse[] = [];
    receiver.answerWith((_m, res) => void held.push(res));
    const outcomes: Promise<DeliveryOutcome>[] = [
      thread.deliver(update(url, 1, 'a1'), () => {}).done,
      thread.deliver(update(url, 2, 'b1'), () => {}).done,
      thread.deliver(update(url, 1, 'a2'), () => {}).done,
      thread.deliver(update(url, 3, 'c1'), () => {}).done,
    ];
    // Rows 1 and 2 go out together, unanswered; row 1's second update and what follows it wait.
    await waitFor(() => (held.length >= 2 ? true : undefined), 'two pipelined requests at the receiver');
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.arrived).toEqual(['1:a1', '2:b1']);
    const answering = setInterval(() => held.splice(0).forEach((res) => res.writeHead(200).end('ok')), 5);
    try {
      expect((await Promise.all(outcomes)).map((o) => o.ok)).toEqual([true, true, true, true]);
    } finally {
      clearInterval(answering);
    }
    expect(receiver.arrived).toEqual(['1:a1', '2:b1', '1:a2', '3:c1']);
  });
});
