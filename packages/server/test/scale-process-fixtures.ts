/**
 * Real Rowbase processes (`node dist/main.js`, built by `npm run build:ts`) for the scale-out tests, and a small
 * round-robin HTTP proxy in front of them that behaves like a load balancer: it sends each request to the next
 * backend whose readiness check answered 200, and re-sends a request only when the backend refused the
 * connection (nothing reached it). Any answer a backend gives, 503 included, is passed on unchanged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');

export interface Proc {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Starts `node dist/main.js` with the environment; on `port` when given (a restart keeps its address). */
export async function startProcess(env: Record<string, string>, port?: number): Promise<Proc> {
  const listenOn = port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rowbase-proc-'));
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  return { child, port: listenOn, url: `http://127.0.0.1:${listenOn}`, output: () => out, exited };
}

/**
 * Resolves 'ready' once readiness answers 200, or the exit code if the process ends first. The wait is long: on
 * a busy machine loading and migrating takes a while.
 */
export async function readyOrExit(p: Proc, ms = 90_000): Promise<'ready' | number | null> {
  const deadline = Date.now() + ms;
  let code: number | null | undefined;
  void p.exited.then((c) => (code = c));
  while (Date.now() < deadline) {
    if (code !== undefined) return code;
    try {
      if ((await fetch(`${p.url}/api/v1/health/ready`)).status === 200) return 'ready';
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready after ${ms} ms:\n${p.output()}`);
}

export interface RoundRobinProxy {
  url: string;
  /** How many requests were re-sent to another backend after a refused connection. */
  redispatched: number;
  close(): Promise<void>;
}

/** A load balancer over fixed backend ports, checking each backend's readiness every `checkMs`. */
export async function startRoundRobinProxy(ports: number[], checkMs = 100): Promise<RoundRobinProxy> {
  const up = new Map<number, boolean>(ports.map((p) => [p, false]));
  let next = 0;
  const check = async () => {
    await Promise.all(
      ports.map(async (port) => {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`, {
            signal: AbortSignal.timeout(1000),
          });
          up.set(port, res.status === 200);
        } catch {
          up.set(port, false);
        }
      }),
    );
  };
  await check();
  const timer = setInterval(() => void check(), checkMs);
  const pick = (tried: Set<number>): number | undefined => {
    for (let i = 0; i < ports.length; i++) {
      const port = ports[(next + i) % ports.length]!;
      if (up.get(port) && !tried.has(port)) {
        next = (next + i + 1) % ports.length;
        return port;
      }
    }
    return undefined;
  };
  const state = { redispatched: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tried = new Set<number>();
      const send = () => {
        const port = pick(tried);
        if (port === undefined) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ msg: 'no backend is ready', message: 'no backend is ready' }));
          return;
        }
        tried.add(port);
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, connection: 'close' },
            agent: false,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED') {
            // Nothing reached the backend: mark it down and send the request to another one.
            up.set(port, false);
            state.redispatched++;
            send();
          } else if (!res.headersSent) {
            res.writeHead(502, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ msg: err.message, message: err.message }));
          } else res.destroy();
        });
        upstream.end(body);
      };
      send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get redispatched() {
      return state.redispatched;
    },
    close: async () => {
      clearInterval(timer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
