/** A webhook receiver for the webhook tests: a real HTTP server on loopback. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The JSON body parsed; any other body as its text. */
  body: any;
}

/**
 * A real HTTP receiver on loopback: records every request as it arrives; `/flaky` fails the first two calls,
 * `/fails-once` fails its first call.
 */
export async function startReceiver() {
  const received: Received[] = [];
  let flakyCalls = 0;
  let failsOnceCalls = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: !raw ? null : req.headers['content-type']?.includes('json') ? JSON.parse(raw) : raw,
      });
      if (req.url?.startsWith('/fails-once') && ++failsOnceCalls === 1) {
        res.writeHead(503).end('busy');
        return;
      }
      if (req.url?.startsWith('/flaky') && ++flakyCalls <= 2) {
        res.writeHead(503).end('busy');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export async function waitFor<T>(check: () => T | undefined, what: string, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
