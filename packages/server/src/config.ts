/**
 * Every environment variable Rowbase reads, in one place, validated at start.
 * A bad value stops the process with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { loadSsoConfig, type SsoConfig } from './services/auth/sso/sso-config.js';

export type MetaDbClient = 'sqlite' | 'pg' | 'mysql';

export interface MetaDbConfig {
  client: MetaDbClient;
  /** A connection URL for pg/mysql, a file path for sqlite. */
  connection: string;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  db: MetaDbConfig;
  redisUrl: string | undefined;
  jwtSecret: string;
  publicUrl: string | undefined;
  /** Refuse sign-ups from people who were not invited (after the first user). */
  inviteOnlySignup: boolean;
  /** Lifetime of an access token, in seconds. */
  jwtExpiresInSeconds: number;
  /** Where the built web app lives; served at `/` when present. */
  webDistDir: string | undefined;
  /** Rate limits: turn them off for self-hosted automation that needs to. */
  rateLimit: { enabled: boolean; authPerMinute: number };
  logLevel: string;
  /** Trust X-Forwarded-* headers (only behind a proxy you run; otherwise clients could spoof their address). */
  trustProxy: boolean;
  /** Sign-in providers (OpenID Connect, Google) that are configured. */
  sso: SsoConfig;
  /** NC_ALLOW_LOCAL_HOOKS: webhooks may reach loopback and private addresses (off by default). */
  allowLocalHooks: boolean;
  /** NC_AUTOMATION_LOG_LEVEL: which webhook deliveries are logged — none (OFF, the default), failures (ERROR), all. */
  automationLogLevel: 'OFF' | 'ERROR' | 'ALL';
  /** Where the Telegram, WhatsApp and Twilio SMS webhook kinds send (RB_TELEGRAM_API_URL, RB_TWILIO_API_URL). */
  messagingApis: { telegram: string; twilio: string };
  /** Whether changes are recorded in the audit trail (`NC_DISABLE_AUDIT=true` turns it off; docs/audit.md). */
  auditEnabled: boolean;
  /** Prefix of every Redis key Rowbase writes (jobs), so several installations can share one Redis. */
  redisPrefix: string;
  /** How long `POST /jobs/listen` holds a request open before answering `refresh`. */
  jobsListenWaitMs: number;
  /**
   * BullMQ timing (REDIS_URL set): how long a worker's hold on a running job lasts without renewal, and how often
   * the workers look for jobs whose process died. A job of a killed process is taken up again after about both.
   */
  jobsLockMs: number;
  jobsStalledIntervalMs: number;
  /** The SQL page's guards: how long one statement may run and how many rows it may return. */
  sqlPage: { timeoutMs: number; rowCap: number };
  /** RB_AUTO_INDEX: indexes created as tables get filtered and sorted (on by default; docs/performance.md). */
  autoIndex: boolean;
  /**
   * Embedded SQLite only (docs/performance.md): RB_SQLITE_READ_WORKERS reader threads (default one per core
   * beyond the first, at least one; 0 turns them off), and RB_SQLITE_READ_WORKER_MIN_MS, the time on the main
   * thread past which a query shape goes to them (default 1; 0 sends every read outside a transaction).
   */
  sqliteReads: { workers: number; minMs: number };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  NC_DB: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  NC_AUTH_JWT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  PUBLIC_URL: z.url('must be an absolute http(s) URL').optional(),
  NC_INVITE_ONLY_SIGNUP: z.enum(['true', 'false']).optional(),
  NC_JWT_EXPIRES_IN: z.coerce
    .number()
    .int()
    .min(10)
    .default(10 * 60 * 60),
  NC_DISABLE_RATE_LIMIT: z.enum(['true', 'false']).optional(),
  NC_AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  NC_TRUST_PROXY: z.enum(['true', 'false']).optional(),
  NC_ALLOW_LOCAL_HOOKS: z.enum(['true', 'false']).optional(),
  NC_AUTOMATION_LOG_LEVEL: z.enum(['OFF', 'ERROR', 'ALL']).default('OFF'),
  RB_TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  RB_TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  NC_DISABLE_AUDIT: z.enum(['true', 'false']).optional(),
  RB_REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only')
    .default('rowbase'),
  RB_JOBS_LISTEN_WAIT_MS: z.coerce.number().int().min(10).max(120_000).default(30_000),
  RB_JOBS_LOCK_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  RB_JOBS_STALLED_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  NC_SQL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  NC_SQL_ROW_CAP: z.coerce.number().int().min(1).max(100_000).default(1000),
  RB_AUTO_INDEX: z.enum(['true', 'false']).optional(),
  RB_SQLITE_READ_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  RB_SQLITE_READ_WORKER_MIN_MS: z.coerce.number().min(0).max(10_000).default(1),
});

/**
 * Reads the configuration from an environment. Creates DATA_DIR, and the JWT secret file in it when
 * NC_AUTH_JWT_SECRET is absent.
 * @example loadConfig({ PORT: '9000', DATABASE_URL: 'postgres://postgres@127.0.0.1/rowbase' })
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    db: parseDatabaseUrl(e.DATABASE_URL ?? e.NC_DB, dataDir),
    redisUrl: e.REDIS_URL,
    jwtSecret: e.NC_AUTH_JWT_SECRET ?? readOrCreateSecret(dataDir),
    publicUrl: e.PUBLIC_URL,
    inviteOnlySignup: e.NC_INVITE_ONLY_SIGNUP === 'true',
    jwtExpiresInSeconds: e.NC_JWT_EXPIRES_IN,
    webDistDir: e.WEB_DIST_DIR,
    rateLimit: {
      enabled: e.NC_DISABLE_RATE_LIMIT !== 'true',
      authPerMinute: e.NC_AUTH_RATE_LIMIT_PER_MINUTE,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.NC_TRUST_PROXY === 'true',
    sso: ssoConfigOf(env),
    allowLocalHooks: e.NC_ALLOW_LOCAL_HOOKS === 'true',
    automationLogLevel: e.NC_AUTOMATION_LOG_LEVEL,
    messagingApis: {
      telegram: e.RB_TELEGRAM_API_URL.replace(/\/+$/, ''),
      twilio: e.RB_TWILIO_API_URL.replace(/\/+$/, ''),
    },
    auditEnabled: e.NC_DISABLE_AUDIT !== 'true',
    redisPrefix: e.RB_REDIS_PREFIX,
    jobsListenWaitMs: e.RB_JOBS_LISTEN_WAIT_MS,
    jobsLockMs: e.RB_JOBS_LOCK_MS,
    jobsStalledIntervalMs: e.RB_JOBS_STALLED_INTERVAL_MS,
    sqlPage: { timeoutMs: e.NC_SQL_TIMEOUT_MS, rowCap: e.NC_SQL_ROW_CAP },
    autoIndex: e.RB_AUTO_INDEX !== 'false',
    sqliteReads: {
      // One reader per core beyond the event loop's own, and at least one.
      workers: e.RB_SQLITE_READ_WORKERS ?? Math.max(1, availableParallelism() - 1),
      minMs: e.RB_SQLITE_READ_WORKER_MIN_MS,
    },
  };
}

function ssoConfigOf(env: Record<string, string | undefined>): SsoConfig {
  try {
    return loadSsoConfig(env);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
}

/**
 * `postgres://` / `postgresql://` -> pg, `mysql://` / `mariadb://` -> mysql, anything else is a SQLite path
 * (`sqlite:` / `file:` prefixes allowed). Absent -> `DATA_DIR/rowbase.db`.
 */
export function parseDatabaseUrl(url: string | undefined, dataDir: string): MetaDbConfig {
  if (!url) return { client: 'sqlite', connection: path.join(dataDir, 'rowbase.db') };
  if (/^postgres(ql)?:\/\//i.test(url)) return { client: 'pg', connection: checkedUrl(url) };
  if (/^(mysql|mariadb):\/\//i.test(url)) {
    return { client: 'mysql', connection: checkedUrl(url).replace(/^mariadb:/i, 'mysql:') };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !/^(sqlite|file):/i.test(url)) {
    throw new ConfigError(
      `Invalid configuration: DATABASE_URL: unsupported scheme in "${url.split(':')[0]}:"; use postgres://, mysql:// or a SQLite file path`,
    );
  }
  const file = url.replace(/^(sqlite|file):(\/\/)?/i, '');
  if (!file) throw new ConfigError('Invalid configuration: DATABASE_URL: SQLite file path is empty');
  return { client: 'sqlite', connection: file === ':memory:' ? file : path.resolve(file) };
}

function checkedUrl(url: string): string {
  try {
    new URL(url);
  } catch {
    throw new ConfigError(`Invalid configuration: DATABASE_URL: not a valid URL`);
  }
  return url;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

function emptyToUndefined(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) out[k] = v === '' ? undefined : v;
  return out;
}
