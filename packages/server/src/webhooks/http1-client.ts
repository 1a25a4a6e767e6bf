/**
 * A lean HTTP/1.1 client for webhook requests, on plain sockets with keep-alive connections per target
 * (docs/webhooks.md "Cost on the write path"). Node's `http.request` costs about four times the CPU of a request
 * written and read here (0.15–0.25 ms against 0.05 ms on loopback): a webhook request needs none of its
 * streams, events and per-request socket set-up. What it does need is here: Host and Content-Length, header
 * checks (no line breaks, so a header cannot smuggle a second request), responses framed by Content-Length,
 * chunked or by the connection closing, 1xx interim answers skipped, a deadline per request, and connections
 * reused only when the answer allows it.
 */
import net, { type LookupFunction } from 'node:net';
import tls from 'node:tls';
import { parseResponseHead, ResponseBody, type ResponseHead } from './http1-response.js';

export interface Http1Request {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** How the host name is resolved (the address guard), when not the system's lookup. */
  lookup?: LookupFunction;
}

export interface Http1Response {
  status: number;
  statusText: string;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The body as text, at most `MAX_BODY_BYTES` of it. */
  data: string;
}

export class Http1Error extends Error {
  constructor(
    readonly code: 'TIMEOUT' | 'NETWORK',
    message: string,
  ) {
    super(message);
  }
}

/** Connections kept per target, targets kept, and how long an unused connection is trusted to be open. */
const MAX_SOCKETS_PER_TARGET = 16;
const MAX_TARGETS = 100;
const IDLE_MS = 4000;
/** Bytes of an answer's body kept (the log shows its first 10,000 characters); the rest is read and dropped. */
const MAX_BODY_BYTES = 40_000;
const MAX_HEAD_BYTES = 64 * 1024;

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const BAD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
/** Headers the client writes itself. */
const OWN = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);

/** One request on a connection: the answer being read, and how it ends. */
interface Exchange {
  /** The request's method (an answer to HEAD has no body). */
  method: string;
  /** Bytes of this request's answer came (a failure before any may be a stale connection or a hang-up). */
  answered: boolean;
  head?: ResponseHead;
  pending: Buffer;
  body?: ResponseBody;
  finish(result: Http1Response | Error, reusable: boolean): void;
}

interface Connection {
  socket: net.Socket;
  target: Target;
  /** The requests written and not yet answered, in the order written (answers come in that order). */
  queue: Exchange[];
  idleSince: number;
  /** The connection has carried a request already (a failure before any answer may be a stale connection). */
  used: boolean;
  /** Its answers came as HTTP/1.1 keep-alive: it may carry several requests written at once (pipelined). */
  pipelines: boolean;
}

interface Target {
  key: string;
  idle: Connection[];
  open: number;
  waiting: (() => void)[];
}

const targets = new Map<string, Target>();
const EMPTY = Buffer.alloc(0);

function targetOf(key: string): Target {
  let t = targets.get(key);
  if (t) {
    // Most recently used last, so the one let go when full is the least recently used.
    targets.delete(key);
  } else {
    if (targets.size >= MAX_TARGETS) {
      const oldest = targets.values().next().value as Target;
      targets.delete(oldest.key);
      for (const c of oldest.idle) c.socket.destroy();
      oldest.idle = [];
    }
    t = { key, idle: [], open: 0, waiting: [] };
  }
  targets.set(key, t);
  return t;
}

/** The request's bytes: request line, headers and body in one write. */
export function requestText(req: Http1Request): string {
  const method = req.method.toUpperCase();
  if (!TOKEN.test(method)) throw new Http1Error('NETWORK', `Invalid method "${req.method}"`);
  let head = `${method} ${req.url.pathname || '/'}${req.url.search} HTTP/1.1\r\n`;
  let host = req.url.host;
  for (const [name, value] of Object.entries(req.headers)) {
    if (!TOKEN.test(name)) throw new Http1Error('NETWORK', `Invalid header name "${name}"`);
    if (BAD_VALUE.test(value)) throw new Http1Error('NETWORK', `Invalid character in header "${name}"`);
    const lower = name.toLowerCase();
    if (lower === 'host') host = value;
    else if (!OWN.has(lower)) head += `${name}: ${value}\r\n`;
  }
  head = head.replace('\r\n', `\r\nHost: ${host}\r\n`);
  const body = req.body ?? '';
  if (req.body !== undefined || method === 'POST' || method === 'PUT' || method === 'PATCH')
    head += `Content-Length: ${Buffer.byteLength(body)}\r\n`;
  return `${head}Connection: keep-alive\r\n\r\n${body}`;
}

function connect(req: Http1Request, target: Target): Connection {
  const host = req.url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(req.url.port) || (req.url.protocol === 'https:' ? 443 : 80);
  const socket =
    req.url.protocol === 'https:'
      ? tls.connect({
          host,
          port,
          servername: net.isIP(host) ? undefined : host,
          ALPNProtocols: ['http/1.1'],
          lookup: req.lookup,
        })
      : net.connect({ host, port, lookup: req.lookup });
  socket.setNoDelay(true);
  target.open++;
  const conn: Connection = { socket, target, queue: [], idleSince: 0, used: false, pipelines: false };
  // Every request still waiting fails with the connection (those behind the first got no answer either).
  const fail = (err: Error) => {
    if (!conn.queue.length) return dropIdle(conn);
    for (const x of [...conn.queue]) x.finish(err, false);
  };
  socket.on('data', (chunk: Buffer) => onData(conn, chunk));
  socket.on('error', fail);
  socket.on('end', () => {
    const x = conn.queue[0];
    // A body that runs to the connection's end is complete now.
    if (x?.body?.untilClose) x.finish(answerOf(x), false);
    fail(new Http1Error('NETWORK', 'The connection closed before the answer was complete'));
  });
  socket.on('close', () => {
    target.open--;
    fail(new Http1Error('NETWORK', 'The connection closed before the answer was complete'));
    const next = target.waiting.shift();
    if (next) next();
  });
  return conn;
}

function dropIdle(conn: Connection): void {
  const i = conn.target.idle.indexOf(conn);
  if (i >= 0) conn.target.idle.splice(i, 1);
  conn.socket.destroy();
}

function answerOf(x: Exchange): Http1Response {
  const head = x.head!;
  return { status: head.status, statusText: head.statusText, headers: head.headers, data: x.body!.text() };
}

/** Bytes from the receiver go to the first request waiting; what is left after its answer, to the next. */
function onData(conn: Connection, chunk: Buffer): void {
  for (;;) {
    const x = conn.queue[0];
    if (!x) return void conn.socket.destroy(); // bytes nobody asked for: the connection cannot be trusted
    const rest = readAnswer(conn, x, chunk);
    if (!rest?.length) return;
    chunk = rest;
  }
}

/** Feeds `chunk` to the answer of `x`; once that is complete, returns the bytes after it (for the next one). */
function readAnswer(conn: Connection, x: Exchange, chunk: Buffer): Buffer | undefined {
  x.answered = true;
  let body = x.body;
  if (!body) {
    x.pending = x.pending.length ? Buffer.concat([x.pending, chunk]) : chunk;
    let head: ResponseHead | undefined;
    while (!head) {
      const parsed = parseResponseHead(x.pending);
      if (parsed instanceof Error) return void x.finish(new Http1Error('NETWORK', parsed.message), false);
      if (!parsed) {
        if (x.pending.length > MAX_HEAD_BYTES)
          x.finish(new Http1Error('NETWORK', 'The answer headers are too large'), false);
        return undefined;
      }
      x.pending = x.pending.subarray(parsed.size);
      // 1xx answers (100 Continue and the like) come before the real one.
      const interim = parsed.head.status >= 100 && parsed.head.status < 200 && parsed.head.status !== 101;
      if (!interim) head = parsed.head;
    }
    try {
      body = new ResponseBody(head, x.method === 'HEAD', MAX_BODY_BYTES);
    } catch (err) {
      return void x.finish(new Http1Error('NETWORK', (err as Error).message), false);
    }
    x.head = head;
    x.body = body;
    chunk = x.pending;
    x.pending = EMPTY;
  }
  const state = body.push(chunk);
  if (state instanceof Error) return void x.finish(new Http1Error('NETWORK', state.message), false);
  if (state !== 'done') return undefined;
  const rest = chunk.subarray(body.consumed);
  const head = x.head!;
  // Bytes after the answer belong to the next request's answer; with none waiting, nobody asked for them.
  const keepAlive = head.keepAlive && (!rest.length || conn.queue.length > 1);
  if (keepAlive && head.http11) conn.pipelines = true;
  x.finish(answerOf(x), keepAlive);
  return keepAlive ? rest : undefined;
}

function acquire(req: Http1Request, target: Target): Promise<Connection> {
  for (;;) {
    const conn = target.idle.pop();
    if (!conn) break;
    if (Date.now() - conn.idleSince < IDLE_MS && !conn.socket.destroyed) return Promise.resolve(conn);
    conn.socket.destroy();
  }
  if (target.open < MAX_SOCKETS_PER_TARGET) return Promise.resolve(connect(req, target));
  return new Promise((resolve) => target.waiting.push(() => resolve(acquire(req, target))));
}

function release(conn: Connection): void {
  // A target let go meanwhile (too many targets) keeps no connections.
  if (conn.socket.destroyed || targets.get(conn.target.key) !== conn.target) {
    conn.socket.destroy();
    return;
  }
  conn.used = true;
  conn.idleSince = Date.now();
  conn.socket.unref();
  const next = conn.target.waiting.shift();
  conn.target.idle.push(conn);
  if (next) next();
}

/** Sends `req` on a kept connection to its target (or a new one) and reads the answer. */
export async function http1Request(req: Http1Request, targetKey: string): Promise<Http1Response> {
  const [result] = await http1Requests([req], targetKey);
  if (result instanceof Error) throw result;
  return result!;
}

/**
 * Sends `reqs` (all to the target `targetKey`) in order and reads their answers: each an answer or its request's
 * error, in the order of `reqs`. On a kept connection whose answers came as HTTP/1.1 keep-alive they go
 * pipelined, all in one write, and the answers are read in order; otherwise one at a time. Each request keeps
 * its own deadline. When a connection fails, the requests behind the failed one got no answer: they are sent
 * again on a new connection (the receiver may have seen them: at least once, in order). A request that got no
 * answer on a kept connection the receiver had closed meanwhile is sent once more, too. See docs/webhooks.md
 * "Pipelined deliveries".
 */
export async function http1Requests(
  reqs: Http1Request[],
  targetKey: string,
): Promise<(Http1Response | Error)[]> {
  const results: (Http1Response | Error)[] = new Array(reqs.length);
  const texts: string[] = [];
  const sendable: number[] = [];
  const deadlines: number[] = [];
  reqs.forEach((req, i) => {
    try {
      texts[i] = requestText(req);
      sendable.push(i);
    } catch (err) {
      results[i] = err as Error;
    }
  });
  const target = targetOf(targetKey);
  const staleSent = new Set<number>();
  let from = 0;
  while (from < sendable.length) {
    const conn = await acquire(reqs[sendable[from]!]!, target);
    const reused = conn.used;
    const batch = conn.pipelines ? sendable.slice(from) : [sendable[from]!];
    // A request's deadline starts when it is first written; one sent again because it was behind a failed one
    // gets a new one (it never had its chance), one sent again on a fresh connection keeps its own.
    const now = Date.now();
    for (const i of batch) if (!staleSent.has(i)) deadlines[i] = now + reqs[i]!.timeoutMs;
    const sent = batch.map((i) => exchange(conn, reqs[i]!, deadlines[i]!));
    conn.socket.ref();
    conn.socket.write(batch.length === 1 ? texts[batch[0]!]! : batch.map((i) => texts[i]).join(''));
    let at = 0;
    for (; at < batch.length; at++) {
      const [x, answer] = sent[at]!;
      const result = await answer;
      const i = batch[at]!;
      if (!(result instanceof Error)) {
        results[i] = result;
        continue;
      }
      // A kept connection the receiver closed meanwhile fails before any answer: once more, on a new one.
      const stale =
        reused &&
        !x.answered &&
        result instanceof Http1Error &&
        result.code === 'NETWORK' &&
        !staleSent.has(i);
      if (stale) staleSent.add(i);
      else {
        results[i] = result;
        at++;
      }
      break;
    }
    // The rest of the batch got no answer (answers come in order): sent again, from the first not settled.
    for (let k = at; k < batch.length; k++) await sent[k]![1];
    from += at;
  }
  return results;
}

/** Writes nothing: registers the request on `conn`, whose answer settles the promise (never rejected). */
function exchange(
  conn: Connection,
  req: Http1Request,
  deadline: number,
): [Exchange, Promise<Http1Response | Error>] {
  let settle!: (r: Http1Response | Error) => void;
  const answer = new Promise<Http1Response | Error>((resolve) => (settle = resolve));
  const x: Exchange = {
    method: req.method.toUpperCase(),
    answered: false,
    pending: EMPTY,
    finish(result, reusable) {
      const at = conn.queue.indexOf(x);
      if (at < 0) return;
      conn.queue.splice(at, 1);
      clearTimeout(timer);
      if (!reusable || result instanceof Error) conn.socket.destroy();
      else if (!conn.queue.length) release(conn);
      settle(result);
    },
  };
  const timer = setTimeout(
    () => x.finish(new Http1Error('TIMEOUT', `No answer within ${req.timeoutMs} ms`), false),
    Math.max(0, deadline - Date.now()),
  );
  conn.queue.push(x);
  return [x, answer];
}
