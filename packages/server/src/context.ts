/** What every route and service can reach: configuration, the meta database and the repositories. */
import { pino, type Logger } from 'pino';
import type { AppConfig } from './config.js';
import { AuthRateLimiter } from './http/rate-limit.js';
import { rateLimitStoreFor } from './scale/shared-stores.js';
import { OutboxMailer, type Mailer } from './mail/mailer.js';
import { ApiTokensRepo } from './meta/repos/api-tokens.js';
import type { MetaDb } from './meta/db.js';
import { FiltersRepo } from './meta/repos/filters.js';
import { SharesRepo } from './meta/repos/shares.js';
import { SortsRepo } from './meta/repos/sorts.js';
import { UsersRepo } from './meta/repos/users.js';
import { ViewColumnsRepo } from './meta/repos/views-columns.js';
import { BasesRepo } from './meta/repos/bases.js';
import { ColumnsRepo } from './meta/repos/columns.js';
import { SourcesRepo } from './meta/repos/sources.js';
import { TablesRepo } from './meta/repos/tables.js';
import { ViewsRepo } from './meta/repos/views.js';
import { SourceConnections } from './sources/connections.js';
import { SecretBox } from './sources/secrets.js';
import { MetaService } from './services/tables-meta.js';
import { MetaReadCache } from './services/meta-read-cache.js';
import type { Realtime } from './realtime/socket.js';
import { JwtService } from './services/auth/jwt.js';
import path from 'node:path';
import { LocalFileStorage } from './storage/file-storage.js';
import { PluginsRepo } from './meta/repos/plugins.js';
import { PluginService } from './plugins/service.js';
import { PluginMailer, PluginStorage } from './plugins/routing.js';
import { DataCache } from './data/data-cache.js';
import { TableModelCache } from './data/model-cache.js';
import { warmDefaultProjection } from './data/row-query.js';
import { createJobQueue } from './jobs/create-job-queue.js';
import { JobKinds } from './jobs/job-kinds.js';
import type { JobQueue } from './jobs/job-queue.js';
import { ChangeFeed } from './changes/change-feed.js';
import { AccessCache } from './http/access-cache.js';

export interface AppContext {
  config: AppConfig;
  db: MetaDb;
  /** Committed changes: services publish, caches and realtime subscribe (docs/change-feed.md). */
  changes: ChangeFeed;
  users: UsersRepo;
  jwt: JwtService;
  views: ViewsRepo;
  viewColumns: ViewColumnsRepo;
  filters: FiltersRepo;
  sorts: SortsRepo;
  shares: SharesRepo;
  /** Attachment files: the active storage plugin, else the local folder DATA_DIR/uploads. */
  storage: PluginStorage;
  /** E-mail and storage plugins (settings, test, the live transport and store). */
  plugins: PluginService;
  /** Row counts and seek points of the data plane, retired on writes. */
  dataCache: DataCache;
  /** Users, API tokens, base existence and base roles as authorization reads them; retired by the feed. */
  access: AccessCache;
  /** Compiled table metadata for the row API, retired by the change feed. */
  tableModels: TableModelCache;
  bases: BasesRepo;
  sourceRepo: SourcesRepo;
  tables: TablesRepo;
  columns: ColumnsRepo;
  /** Default grid views of tables (the views API has its own repository). */
  tableViews: ViewsRepo;
  /** Table metadata for the data plane: `ctx.meta.getTable(id)`. */
  meta: MetaService;
  /** Meta answers read on every page load (a table, a base's tables), retired by the change feed. */
  metaReads: MetaReadCache;
  /** Knex per source: `ctx.sources.connectionFor(sourceId)`. */
  sources: SourceConnections;
  secrets: SecretBox;
  log: Logger;
  apiTokens: ApiTokensRepo;
  /** Sends e-mail through the active e-mail plugin; the outbox until one is configured. */
  mailer: Mailer;
  /** The last messages "sent" (tests read reset and invite links from here). */
  outbox: OutboxMailer;
  rateLimiter: AuthRateLimiter;
  /** Set once the HTTP server exists (buildApp). */
  realtime?: Realtime;
  /** The job kinds this process can run (duplicates; imports and exports later). */
  jobKinds: JobKinds;
  /** Slow work: in process, or BullMQ when REDIS_URL is set; started by buildApp. */
  jobs: JobQueue;
}

export function createContext(config: AppConfig, db: MetaDb): AppContext {
  const log = pino({ level: config.logLevel, name: 'rowbase' });
  const outbox = new OutboxMailer((fields, message) => log.info(fields, message));
  const changes = new ChangeFeed(log);
  const sourceRepo = new SourcesRepo(db, changes);
  const tables = new TablesRepo(db, changes);
  const columns = new ColumnsRepo(db, changes);
  const tableViews = new ViewsRepo(db, changes);
  const secrets = new SecretBox(config.jwtSecret);
  const plugins = new PluginService(new PluginsRepo(db), secrets);
  const jobKinds = new JobKinds();
  const users = new UsersRepo(db, changes);
  const apiTokens = new ApiTokensRepo(db, changes);
  const bases = new BasesRepo(db, changes);
  const access = new AccessCache({ users, apiTokens, bases });
  const dataCache = new DataCache({ autoIndex: config.autoIndex });
  // Models loaded again after a field change get their default select list built too (model-cache.ts).
  const tableModels = new TableModelCache(({ db: source, model }) => {
    try {
      warmDefaultProjection(source, model);
    } catch {
      // The first read builds it, and reports what is wrong.
    }
  });
  const metaReads = new MetaReadCache();
  // The caches follow committed changes; realtime subscribes once the HTTP server exists (buildApp).
  changes.subscribe((e) => access.onChange(e), { name: 'access-cache' });
  changes.subscribe((e) => dataCache.onChange(e), { name: 'data-cache' });
  changes.subscribe((e) => metaReads.onChange(e), { name: 'meta-reads' });
  const ctx: AppContext = {
    config,
    db,
    changes,
    users,
    jwt: new JwtService(config.jwtSecret, config.jwtExpiresInSeconds),
    views: tableViews,
    viewColumns: new ViewColumnsRepo(db, changes),
    filters: new FiltersRepo(db, changes),
    sorts: new SortsRepo(db, changes),
    shares: new SharesRepo(db, changes),
    storage: new PluginStorage(plugins, new LocalFileStorage(path.join(config.dataDir, 'uploads'))),
    plugins,
    access,
    dataCache,
    tableModels,
    bases,
    sourceRepo,
    tables,
    columns,
    tableViews,
    meta: new MetaService(tables, columns, tableViews),
    metaReads,
    sources: new SourceConnections(db, config.db.client, sourceRepo, secrets),
    secrets,
    log,
    apiTokens,
    mailer: new PluginMailer(plugins, outbox),
    outbox,
    rateLimiter: new AuthRateLimiter(rateLimitStoreFor(config), {
      enabled: config.rateLimit.enabled,
      perMinute: config.rateLimit.authPerMinute,
    }),
    jobKinds,
    jobs: createJobQueue(config, db, jobKinds, { log }),
  };
  // The models a change retires are loaded again from the context, in the background (model-cache.ts).
  changes.subscribe((e) => tableModels.onChange(e, ctx), { name: 'table-models' });
  return ctx;
}
