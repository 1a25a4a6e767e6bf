import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http1Request, http1Requests, requestText, type Http1Request } from './http1-client.js';

/**
 * A receiver on raw TCP, so each test writes the exact bytes of its answer: `answers[path]` gives them for a
 * request line's path (a function may end the connection itself). Records each request's bytes and which
 * connection it came on.
 */
function rawReceiver(answers: Record<string, string | ((s: net.Socket) => void)>) {
  const requests: { text: string; connection: number }[] = [];
  let connections = 0;
  const server = net.createServer((socket) => {
    const connection = ++connections;
    let buf = '';
    socket.on('data', (d) => {
      buf += d.toString('latin1');
      for (;;) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const length = Number(/content-length: (\d+)/i.exec(buf.slice(0, end))?.[1] ?? 0);
        if (buf.length < end + 4 + length) return;
        const text = buf.slice(0, end + 4 + length);
        buf = buf.slice(end + 4 + length);
        requests.push({ text, connection });
        const path = text.split(' ')[1]!.split('?')[0]!;
        const answer = answers[path];
        if (typeof answer === 'function') answer(socket);
        else if (answer !== undefined) socket.write(answer);
      }
    });
    socket.on('error', () => undefined);
  });
  return {
    requests,
    listen: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () =>
          r(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const held: net.Socket[] = [];
const OK = 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok';

describe('the webhook HTTP/1.1 client', () => {
  const receiver = rawReceiver({
    '/ok': OK,
    '/chunked':
      'HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\n\r\n' +
      '5;ext=1\r\nhello\r\n7\r\n, world\r\n0\r\nX-Trailer: t\r\n\r\n',
    '/continue':
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 503 Service Unavailable\r\nContent-Length: 4\r\n\r\nbusy',
    '/until-close': (s) => s.end('HTTP/1.1 200 OK\r\n\r\nall of it'),
    '/close-header': 'HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok',
    '/no-content': 'HTTP/1.1 204 No Content\r\n\r\n',
    '/garbage': 'SMTP ready\r\n\r\n',
    '/silent': () => undefined,
    '/hang-up': (s) => s.destroy(),
    '/utf8': `HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength('héllo ✓')}\r\n\r\nhéllo ✓`,
  });
  let base = '';
  let target = '';
  beforeAll(async () => {
    base = await receiver.listen();
    target = `${base}|test`;
  });
  afterAll(() => receiver.close());

  const req = (path: string, over: Partial<Http1Request> = {}): Http1Request => ({
    method: 'POST',
    url: new URL(path, base),
    headers: { 'content-type': 'application/json', 'X-Secret': 's3cret' },
    body: '{"a":"é"}',
    timeoutMs: 2000,
    ...over,
  });
  const last = () => receiver.requests[receiver.requests.length - 1]!;

  it('writes the request line, Host, the headers, Content-Length in bytes and the body', async () => {
    const res = await http1Request(req('/ok?x=1&y=2'), target);
    expect(res).toEqual({
      status: 200,
      statusText: 'OK',
      headers: { 'content-type': 'text/plain', 'content-length': '2' },
      data: 'ok',
    });
    const host = new URL(base).host;
    expect(last().text).toBe(
      `POST /ok?x=1&y=2 HTTP/1.1\r\nHost: ${host}\r\ncontent-type: application/json\r\nX-Secret: s3cret\r\n` +
        'Content-Length: 10\r\nConnection: keep-alive\r\n\r\n{"a":"é"}'.replace('é', '\u00c3\u00a9'),
    );
  });

  it('keeps the connection for the next request, and opens another when the answer says close', async () => {
    await http1Request(req('/ok'), target);
    const first = last().connection;
    await http1Request(req('/ok'), target);
    expect(last().connection).toBe(first);
    await http1Request(req('/close-header'), target);
    await http1Request(req('/ok'), target);
    expect(last().connection).not.toBe(first);
  });

  it('reads chunked bodies (extensions, trailers), joins repeated headers, skips 1xx answers', async () => {
    const chunked = await http1Request(req('/chunked'), target);
    expect(chunked.status).toBe(201);
    expect(chunked.data).toBe('hello, world');
    expect(chunked.headers['set-cookie']).toBe('a=1, b=2');
    const after = await http1Request(req('/continue'), target);
    expect([after.status, after.statusText, after.data]).toEqual([503, 'Service Unavailable', 'busy']);
    // The same connection still works after both.
    const on = last().connection;
    await http1Request(req('/ok'), target);
    expect(last().connection).toBe(on);
  });

  it('reads a body that runs until the connection closes, an empty 204 and UTF-8 text', async () => {
    expect((await http1Request(req('/until-close'), target)).data).toBe('all of it');
    expect((await http1Request(req('/no-content'), target)).data).toBe('');
    expect((await http1Request(req('/utf8'), target)).data).toBe('héllo ✓');
  });

  it('fails a request with no answer by its deadline, and a connection hung up or not speaking HTTP', async () => {
    const started = Date.now();
    await expect(http1Request(req('/silent', { timeoutMs: 150 }), target)).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: 'No answer within 150 ms',
    });
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(http1Request(req('/hang-up'), `${base}|fresh`)).rejects.toMatchObject({ code: 'NETWORK' });
    await expect(http1Request(req('/garbage'), target)).rejects.toMatchObject({
      code: 'NETWORK',
      message: 'Not an HTTP/1.1 answer: "SMTP ready"',
    });
  });

  it('sends again once, on a new connection, when a kept connection was closed before answering', async () => {
    await http1Request(req('/ok'), target);
    const before = receiver.requests.length;
    // The receiver hangs up on a kept connection: the request goes again on a new one and gets its answer.
    await expect(http1Request(req('/hang-up'), target)).rejects.toMatchObject({ code: 'NETWORK' });
    expect(receiver.requests.length - before).toBe(2);
    expect(receiver.requests[before]!.connection).not.toBe(receiver.requests[before + 1]!.connection);
  });

  it('refuses header names and values that would break the request apart', () => {
    expect(() => requestText(req('/ok', { headers: { 'x-a': 'v\r\nX-Injected: 1' } }))).toThrow(
      'Invalid character in header "x-a"',
    );
    expect(() => requestText(req('/ok', { headers: { 'bad name': 'v' } }))).toThrow(
      'Invalid header name "bad name"',
    );
    expect(() => requestText(req('/ok', { method: 'GET /x HTTP/1.1\r\n' }))).toThrow('Invalid method');
    // The client's own headers are not doubled; a Host given is used.
    const text = requestText(
      req('/ok', {
        headers: { Host: 'example.com', 'Content-Length': '999', connection: 'close' },
        body: 'xy',
      }),
    );
    expect(text).toBe(
      'POST /ok HTTP/1.1\r\nHost: example.com\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nxy',
    );
  });
});

/** A Node HTTP receiver that notes each request's body and connection; `handle` may answer differently. */
function nodeReceiver(handle?: (n: number, req: http.IncomingMessage, res: http.ServerResponse) => boolean) {
  const seen: { body: string; connection: number }[] = [];
  let connections = 0;
  const ids = new WeakMap<object, number>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen.push({ body, connection: ids.get(req.socket)! });
      const n = seen.filter((s) => s.connection === ids.get(req.socket)).length;
      if (!handle?.(n, req, res)) res.end('ok');
    });
  });
  server.on('connection', (s) => ids.set(s, ++connections));
  return {
    seen,
    listen: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () =>
          r(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

describe('pipelined requests (docs/webhooks.md "Pipelined deliveries")', () => {
  const post = (base: string, body: string, timeoutMs = 2000): Http1Request => ({
    method: 'POST',
    url: new URL('/in', base),
    headers: { 'content-type': 'text/plain' },
    body,
    timeoutMs,
  });
  const bodies = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `delivery ${from + i} ✓`);

  it('go in one write on a kept HTTP/1.1 connection, and their answers are read in order', async () => {
    // '/three' is answered only once three such requests are in, all three in one write: sent one at a time,
    // the first would never get its answer.
    const raw = rawReceiver({
      '/ok': OK,
      '/three': (s) => void (held.push(s) === 3 && s.write(OK.repeat(3))),
    });
    const base = await raw.listen();
    held.length = 0;
    try {
      await http1Request({ ...post(base, 'first'), url: new URL('/ok', base) }, `${base}|p1`);
      const three = Array.from({ length: 3 }, () => ({
        ...post(base, 'x', 1000),
        url: new URL('/three', base),
      }));
      const answers = await http1Requests(three, `${base}|p1`);
      expect(answers.map((a) => (a instanceof Error ? a.message : a.data))).toEqual(['ok', 'ok', 'ok']);
      expect(new Set(raw.requests.map((r) => r.connection)).size).toBe(1);
    } finally {
      // Not awaited: the client keeps its connection open (until idle), which server.close() would wait for.
      void raw.close();
    }
  });

  it('arrive complete and in order at a Node HTTP receiver, on one connection', async () => {
    const receiver = nodeReceiver();
    const base = await receiver.listen();
    try {
      // The first request learns that the receiver keeps HTTP/1.1 connections; the next 20 go pipelined.
      await http1Request(post(base, 'first'), `${base}|p2`);
      const answers = await http1Requests(
        bodies(20).map((b) => post(base, b)),
        `${base}|p2`,
      );
      expect(answers.map((a) => (a instanceof Error ? a.message : a.status))).toEqual(Array(20).fill(200));
      expect(receiver.seen.map((s) => s.body)).toEqual(['first', ...bodies(20)]);
      expect(new Set(receiver.seen.map((s) => s.connection))).toEqual(new Set([1]));
    } finally {
      await receiver.close();
    }
  });

  it('sends the unanswered ones again, in order, on a new connection when the receiver closes mid-way', async () => {
    // Every connection is closed by the receiver right after its third answer.
    const receiver = nodeReceiver((n, req, res) => {
      if (n !== 3) return false;
      res.end('ok', () => req.socket.destroy());
      return true;
    });
    const base = await receiver.listen();
    try {
      await http1Request(post(base, 'first'), `${base}|p3`);
      const answers = await http1Requests(
        bodies(8).map((b) => post(base, b)),
        `${base}|p3`,
      );
      expect(answers.map((a) => (a instanceof Error ? a.message : a.status))).toEqual(Array(8).fill(200));
      // Each delivery arrived (some twice: the receiver had read them before it closed); their last arrivals are
      // in the order sent, and more than one connection carried them.
      const last = new Map<string, number>();
      receiver.seen.forEach((s, i) => last.set(s.body, i));
      expect([...last.keys()].filter((b) => b !== 'first')).toEqual(bodies(8));
      const lastAt = bodies(8).map((b) => last.get(b)!);
      expect(lastAt).toEqual([...lastAt].sort((a, b) => a - b));
      expect(new Set(receiver.seen.map((s) => s.connection)).size).toBeGreaterThan(2);
    } finally {
      await receiver.close();
    }
  });

  it("keeps each request's deadline: one without an answer times out, the ones behind it are sent again", async () => {
    const receiver = nodeReceiver((_n, req) => req.headers['x-hold'] === '1');
    const base = await receiver.listen();
    try {
      await http1Request(post(base, 'first'), `${base}|p4`);
      const reqs = bodies(3).map((b) => post(base, b, 300));
      reqs[1]!.headers = { ...reqs[1]!.headers, 'x-hold': '1' };
      const answers = await http1Requests(reqs, `${base}|p4`);
      expect(answers.map((a) => (a instanceof Error ? (a as { code?: string }).code : a.status))).toEqual([
        200,
        'TIMEOUT',
        200,
      ]);
      expect(receiver.seen.at(-1)!.body).toBe(bodies(3)[2]);
    } finally {
      await receiver.close();
    }
  });
});
