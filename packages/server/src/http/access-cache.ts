/**
 * What every authenticated request looks up, kept in memory: the user behind a JWT, the API token behind an
 * `xc-token`, whether a base exists and the caller's role in it. Without it, each request made three or four
 * meta queries before the route ran.
 *
 * The change feed keeps it right: a deleted token, a changed org or base role, a blocked user or a password
 * change (sessions end) retires the affected entries when the change commits, so the next request sees it.
 * Nothing else is retired (a token refresh or a row write changes none of this). The time-to-live bounds
 * staleness from changes made by another app process until a fan-out delivers their events here.
 */
import type { ChangeEvent } from '../changes/change-events.js';
import type { ApiTokenRecord, ApiTokensRepo } from '../meta/repos/api-tokens.js';
import type { BasesRepo } from '../meta/repos/bases.js';
import type { User, UsersRepo } from '../meta/repos/users.js';

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/** Promises by key with a time-to-live; a failed load is not kept. */
class TtlCache<V> {
  private readonly map = new Map<string, { at: number; value: Promise<V> }>();

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.map.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    if (this.map.size >= MAX_ENTRIES) this.map.clear();
    const entry = { at: Date.now(), value: load() };
    this.map.set(key, entry);
    entry.value.catch(() => this.map.get(key) === entry && this.map.delete(key));
    return entry.value;
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  /** Deletes entries whose key starts with `prefix`. */
  deletePrefix(prefix: string): void {
    for (const key of this.map.keys()) if (key.startsWith(prefix)) this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}

/** The repositories the cache reads through. */
export interface AccessRepos {
  users: Pick<UsersRepo, 'byId'>;
  apiTokens: Pick<ApiTokensRepo, 'byHash'>;
  bases: Pick<BasesRepo, 'byId' | 'roleOf'>;
}

export class AccessCache {
  private readonly users = new TtlCache<User | undefined>();
  private readonly tokens = new TtlCache<ApiTokenRecord | undefined>();
  private readonly bases = new TtlCache<boolean>();
  /** Key `baseId\0userId`: the stored base role, undefined when the user is no member. */
  private readonly roles = new TtlCache<string | undefined>();
  /** token id -> its hash and owner, to retire a deleted token (or a deleted user's tokens) at once. */
  private readonly tokenKeys = new Map<string, { hash: string; userId: string }>();

  constructor(private readonly repos: AccessRepos) {}

  user(id: string): Promise<User | undefined> {
    return this.users.get(id, () => this.repos.users.byId(id));
  }

  /** The token stored under a SHA-256 hash; unknown tokens are not remembered (each costs a lookup). */
  async tokenByHash(hash: string): Promise<ApiTokenRecord | undefined> {
    const token = await this.tokens.get(hash, () => this.repos.apiTokens.byHash(hash));
    if (!token) this.tokens.delete(hash);
    else this.tokenKeys.set(token.id, { hash, userId: token.fk_user_id });
    return token;
  }

  /** Whether a base exists (and is not deleted). */
  baseExists(baseId: string): Promise<boolean> {
    return this.bases.get(baseId, async () => !!(await this.repos.bases.byId(baseId)));
  }

  /** The user's stored role in the base (e.g. `editor`), undefined when they are no member. */
  baseRole(baseId: string, userId: string): Promise<string | undefined> {
    return this.roles.get(`${baseId}\u0000${userId}`, async () => this.repos.bases.roleOf(baseId, userId));
  }

  /**
   * Follows the change feed.
   * @example feed.subscribe((e) => access.onChange(e), { name: 'access-cache' })
   */
  onChange(e: ChangeEvent): void {
    switch (e.type) {
      case 'user.changed':
        this.users.delete(e.userId);
        if (e.action === 'deleted') this.forgetTokensOf(e.userId);
        return;
      case 'role.changed':
        if (e.baseId === null) this.users.delete(e.userId);
        else this.roles.delete(`${e.baseId}\u0000${e.userId}`);
        return;
      case 'token.changed': {
        const key = this.tokenKeys.get(e.tokenId);
        if (key) this.tokens.delete(key.hash);
        this.tokenKeys.delete(e.tokenId);
        return;
      }
      case 'base.changed':
        this.bases.delete(e.baseId);
        if (e.action === 'deleted') this.roles.deletePrefix(`${e.baseId}\u0000`);
        return;
      default:
        return;
    }
  }

  private forgetTokensOf(userId: string): void {
    for (const [id, key] of this.tokenKeys) {
      if (key.userId !== userId) continue;
      this.tokens.delete(key.hash);
      this.tokenKeys.delete(id);
    }
  }
}
