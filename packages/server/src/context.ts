/** What every route and service can reach: configuration, the meta database and the repositories. */
import type { AppConfig } from './config.js';
import type { MetaDb } from './meta/db.js';
import { FiltersRepo } from './meta/repos/filters.js';
import { SharesRepo } from './meta/repos/shares.js';
import { SortsRepo } from './meta/repos/sorts.js';
import { UsersRepo } from './meta/repos/users.js';
import { ViewsRepo } from './meta/repos/views.js';
import { ViewColumnsRepo } from './meta/repos/views-columns.js';
import type { Realtime } from './realtime/socket.js';
import { JwtService } from './services/auth/jwt.js';

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
}

export function createContext(config: AppConfig, db: MetaDb): AppContext {
  return {
    config,
    db,
    users: new UsersRepo(db),
    jwt: new JwtService(config.jwtSecret, config.jwtExpiresInSeconds),
    views: new ViewsRepo(db),
    viewColumns: new ViewColumnsRepo(db),
    filters: new FiltersRepo(db),
    sorts: new SortsRepo(db),
    shares: new SharesRepo(db),
  };
}
