/**
 * Integration-test harness: a real Rowbase server on a random port over a fresh meta database of each
 * kind the run asks for (RB_TEST_DBS=sqlite,pg,mysql; all three by default). A database that cannot be
 * reached fails the run loudly; it is never skipped.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type MetaDbClient } from '../src/config.js';
import { createContext, type AppContext } from '../src/context.js';
import { openMetaDb } from '../src/meta/db.js';
import { migrateToLatest } from '../src/meta/migrate.js';

export const PG_ADMIN_URL = process.env.RB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const MYSQL_ADMIN_URL = process.env.RB_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/mysql';

/** The database kinds this run tests against. */
export function testDatabases(): MetaDbClient[] {
  const wanted = (process.env.RB_TEST_DBS ?? 'sqlite,pg,mysql')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const w of wanted) {
    if (w !== 'sqlite' && w !== 'pg' && w !== 'mysql')
      throw new Error(`RB_TEST_DBS: unknown database "${w}"`);
  }
  return wanted as MetaDbClient[];
}

/** Creates an empty database of the kind and returns its URL (or file path) and a function that drops it. */
export async function createScratchDatabase(
  kind: MetaDbClient,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rb_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'rowbase-test-'));
    return {
      url: path.join(dir, 'meta.db'),
      drop: async () => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }),
    };
  }
  const adminUrl = kind === 'pg' ? PG_ADMIN_URL : MYSQL_ADMIN_URL;
  const admin = knexFactory({
    client: kind === 'pg' ? 'pg' : 'mysql2',
    connection: adminUrl,
    pool: { min: 0, max: 1 },
  });
  try {
    await admin.raw(
      kind === 'pg'
        ? `create database "${name}"`
        : `create database \`${name}\` character set utf8mb4 collate utf8mb4_bin`,
    );
  } catch (err) {
    await admin.destroy();
    throw new Error(`Cannot create a ${kind} test database at ${adminUrl}: ${(err as Error).message}`, {
      cause: err,
    });
  }
  await admin.destroy();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const a = knexFactory({
        client: kind === 'pg' ? 'pg' : 'mysql2',
        connection: adminUrl,
        pool: { min: 0, max: 1 },
      });
      try {
        await a.raw(
          kind === 'pg'
            ? `drop database if exists "${name}" with (force)`
            : `drop database if exists \`${name}\``,
        );
      } finally {
        await a.destroy();
      }
    },
  };
}

export interface TestServer {
  kind: MetaDbClient;
  url: string;
  app: FastifyInstance;
  ctx: AppContext;
  /** Calls the API; JSON in, parsed JSON out. */
  api: ApiClient;
  close: () => Promise<void>;
}

/** Starts a server over a scratch database. Extra environment (e.g. NC_INVITE_ONLY_SIGNUP) can be passed. */
export async function startTestServer(
  kind: MetaDbClient,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const scratch = await createScratchDatabase(kind);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rowbase-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: scratch.url,
    NC_AUTH_JWT_SECRET: 'test-secret-' + randomBytes(16).toString('hex'),
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    // Every test signs up from 127.0.0.1; rate-limit tests pass their own, smaller limit.
    NC_AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...env,
  });
  const db = openMetaDb(config.db);
  await migrateToLatest(db);
  const ctx = createContext(config, db);
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    kind,
    url,
    app,
    ctx,
    api: new ApiClient(url),
    close: async () => {
      await app.close();
      await db.destroy();
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  apiToken?: string;
  headers?: Record<string, string>;
  cookie?: string;
}

/** A thin fetch wrapper: the tests talk HTTP to the real server, as a client would. */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async call<T = any>(
    method: string,
    pathname: string,
    body?: unknown,
    opts: CallOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (opts.token) headers['xc-auth'] = opts.token;
    if (opts.apiToken) headers['xc-token'] = opts.apiToken;
    if (opts.cookie) headers.cookie = opts.cookie;
    const res = await fetch(this.baseUrl + pathname, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = any>(p: string, opts?: CallOptions) => this.call<T>('GET', p, undefined, opts);
  post = <T = any>(p: string, body?: unknown, opts?: CallOptions) =>
    this.call<T>('POST', p, body ?? {}, opts);
  patch = <T = any>(p: string, body?: unknown, opts?: CallOptions) =>
    this.call<T>('PATCH', p, body ?? {}, opts);
  put = <T = any>(p: string, body?: unknown, opts?: CallOptions) => this.call<T>('PUT', p, body ?? {}, opts);
  delete = <T = any>(p: string, body?: unknown, opts?: CallOptions) => this.call<T>('DELETE', p, body, opts);
}

/** Signs up a user and returns its token and refresh cookie. */
export async function signUpUser(
  api: ApiClient,
  email = `user${randomBytes(4).toString('hex')}@example.com`,
  password = 'Password123!',
): Promise<{ email: string; password: string; token: string; cookie: string }> {
  const res = await api.post('/api/v1/auth/user/signup', { email, password });
  if (res.status !== 200) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, password, token: res.body.token, cookie: refreshCookieOf(res.headers) };
}

export function refreshCookieOf(headers: Headers): string {
  const set = headers.getSetCookie().find((c) => c.startsWith('refresh_token='));
  return set ? set.split(';')[0]! : '';
}
