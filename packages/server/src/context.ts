/** What every route and service can reach: configuration, the meta database and the repositories. */
import { pino, type Logger } from 'pino';
import type { AppConfig } from './config.js';
import { AuthRateLimiter, MemoryRateLimitStore } from './http/rate-limit.js';
import { OutboxMailer, type Mailer } from './mail/mailer.js';
import { ApiTokensRepo } from './meta/repos/api-tokens.js';
import type { MetaDb } from './meta/db.js';
import { UsersRepo } from './meta/repos/users.js';
import type { Realtime } from './realtime/socket.js';
import { JwtService } from './services/auth/jwt.js';

export interface AppContext {
  config: AppConfig;
  db: MetaDb;
  users: UsersRepo;
  jwt: JwtService;
  log: Logger;
  apiTokens: ApiTokensRepo;
  /** Sends e-mail; the outbox until an SMTP transport is configured. */
  mailer: Mailer;
  /** The last messages "sent" (tests read reset and invite links from here). */
  outbox: OutboxMailer;
  rateLimiter: AuthRateLimiter;
  /** Set once the HTTP server exists (buildApp). */
  realtime?: Realtime;
}

export function createContext(config: AppConfig, db: MetaDb): AppContext {
  const log = pino({ level: config.logLevel, name: 'rowbase' });
  const outbox = new OutboxMailer((fields, message) => log.info(fields, message));
  return {
    config,
    db,
    users: new UsersRepo(db),
    jwt: new JwtService(config.jwtSecret, config.jwtExpiresInSeconds),
    log,
    apiTokens: new ApiTokensRepo(db),
    mailer: outbox,
    outbox,
    rateLimiter: new AuthRateLimiter(new MemoryRateLimitStore(), {
      enabled: config.rateLimit.enabled,
      perMinute: config.rateLimit.authPerMinute,
    }),
  };
}
