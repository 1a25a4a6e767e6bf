/** What every route and service can reach: configuration, the meta database and the repositories. */
import { pino, type Logger } from 'pino';
import type { AppConfig } from './config.js';
import { AuthRateLimiter, MemoryRateLimitStore } from './http/rate-limit.js';
import { OutboxMailer, type Mailer } from './mail/mailer.js';
import { ApiTokensRepo } from './meta/repos/api-tokens.js';
import type { MetaDb } from './meta/db.js';
import { FiltersRepo } from './meta/repos/filters.js';
import { SharesRepo } from './meta/repos/shares.js';
import { SortsRepo } from './meta/repos/sorts.js';
import { UsersRepo } from './meta/repos/users.js';
import { ViewsRepo } from './meta/repos/views.js';
import { ViewColumnsRepo } from './meta/repos/views-columns.js';
import type { Realtime } from './realtime/socket.js';
import { JwtService } from './services/auth/jwt.js';
import path from 'node:path';
import { LocalFileStorage, type FileStorage } from './storage/file-storage.js';
import { DataCache } from './data/data-cache.js';

export interface AppContext {
  config: AppConfig;
  db: MetaDb;
  users: UsersRepo;
  jwt: JwtService;
  views: ViewsRepo;
  viewColumns: ViewColumnsRepo;
  filters: FiltersRepo;
  sorts: SortsRepo;
  shares: SharesRepo;
  /** Set once the HTTP server exists (buildApp). */
  realtime?: Realtime;
  /** Attachment files (local folder DATA_DIR/uploads). */
  storage: FileStorage;
  /** Row counts and seek points of the data plane, retired on writes. */
  dataCache: DataCache;
  log: Logger;
  apiTokens: ApiTokensRepo;
  /** Sends e-mail; the outbox until an SMTP transport is configured. */
  mailer: Mailer;
  /** The last messages "sent" (tests read reset and invite links from here). */
  outbox: OutboxMailer;
  rateLimiter: AuthRateLimiter;
}

export function createContext(config: AppConfig, db: MetaDb): AppContext {
  const log = pino({ level: config.logLevel, name: 'rowbase' });
  const outbox = new OutboxMailer((fields, message) => log.info(fields, message));
  return {
    config,
    db,
    users: new UsersRepo(db),
    jwt: new JwtService(config.jwtSecret, config.jwtExpiresInSeconds),
    storage: new LocalFileStorage(path.join(config.dataDir, 'uploads')),
    dataCache: new DataCache(),
    views: new ViewsRepo(db),
    viewColumns: new ViewColumnsRepo(db),
    filters: new FiltersRepo(db),
    sorts: new SortsRepo(db),
    shares: new SharesRepo(db),
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
