/** What every route and service can reach: configuration, the meta database and the repositories. */
import type { AppConfig } from './config.js';
import type { MetaDb } from './meta/db.js';
import { UsersRepo } from './meta/repos/users.js';
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
  /** Set once the HTTP server exists (buildApp). */
  realtime?: Realtime;
  /** Attachment files (local folder DATA_DIR/uploads). */
  storage: FileStorage;
  /** Row counts and seek points of the data plane, retired on writes. */
  dataCache: DataCache;
}

export function createContext(config: AppConfig, db: MetaDb): AppContext {
  return {
    config,
    db,
    users: new UsersRepo(db),
    jwt: new JwtService(config.jwtSecret, config.jwtExpiresInSeconds),
    storage: new LocalFileStorage(path.join(config.dataDir, 'uploads')),
    dataCache: new DataCache(),
  };
}
