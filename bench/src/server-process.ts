/**
 * Starts `server-child.mjs` (the built server, run by plain Node as `npm start` runs it; `npm run build:ts`
 * first) in a child process and talks to it over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  url: string;
  /** The server process's resident memory, in bytes. */
  rss(): Promise<number>;
  /** CPU time the server process has used, in milliseconds. */
  cpuMs(): Promise<number>;
  /** CPU time of the server's event-loop thread, in milliseconds (undefined where /proc is missing). */
  mainCpuMs(): Promise<number | undefined>;
  /** Reads the server's SQLite reader threads answered so far. */
  poolReads(): Promise<number>;
  /** Waits for the indexes the server is building. */
  indexesSettled(): Promise<void>;
  /** Runs one set-up statement on the server's database. */
  sql(statement: string): Promise<void>;
  close(): Promise<void>;
}

function ask<T>(child: ChildProcess, message: string | { sql: string }, key: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (m: Record<string, unknown>) => {
      if (key in m) {
        child.off('message', onMessage);
        resolve(m[key] as T);
      }
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

/** `env`: settings for the server (e.g. `{ NC_ALLOW_LOCAL_HOOKS: 'true' }`, or `{ DATABASE_URL }` for PostgreSQL). */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = fork(fileURLToPath(new URL('./server-child.mjs', import.meta.url)), [], {
    execArgv: process.env.BENCH_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF_DIR ?? '/tmp/prof'}`]
      : [],
    // BENCH_SERVER_DIST in the bench's own environment runs another build (A/B against a copy of main's).
    env: {
      ...process.env,
      BENCH_SERVER_ENV: JSON.stringify({
        ...(process.env.BENCH_SERVER_DIST ? { BENCH_SERVER_DIST: process.env.BENCH_SERVER_DIST } : {}),
        ...env,
      }),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    url,
    rss: () => ask<number>(child, 'rss', 'rss'),
    cpuMs: () => ask<number>(child, 'cpu', 'cpu'),
    mainCpuMs: () => ask<number | undefined>(child, 'mainCpu', 'mainCpu'),
    poolReads: () => ask<number>(child, 'poolReads', 'poolReads'),
    indexesSettled: async () => void (await ask<boolean>(child, 'indexes', 'indexes')),
    sql: async (statement) => {
      const done = await ask<true | string>(child, { sql: statement }, 'sqlDone');
      if (done !== true) throw new Error(`set-up SQL failed: ${done}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}
