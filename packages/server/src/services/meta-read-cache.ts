/**
 * Meta answers a client reads on every page load, kept in memory per process: a table with its fields and
 * views (`GET /api/v1/db/meta/tables/:id`), the tables of a base, and which fields an automatic index covers.
 * The change feed retires them; scaled out, the Redis fan-out hands other processes' changes to the same
 * subscriber, so a change made anywhere retires them everywhere before the writer is answered. A time-to-live
 * bounds staleness from changes outside Rowbase (direct SQL). docs/scaling.md, "Caches".
 */
import type { ChangeEvent } from '../changes/change-events.js';

const TTL_MS = 60_000;
/**
 * Automatic indexes are built in the background by whichever process saw the filter first, and no change is
 * published for them: another process's index shows as "Indexed" within this time.
 */
const INDEX_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  at: number;
  ttl: number;
  value: Promise<unknown>;
  /** Known once loaded (undefined while loading: a retirement then drops the entry too). */
  baseId?: string;
  tableId?: string;
  viewIds?: string[];
}

/** What an entry is about, known once its value is loaded. */
export interface Scope {
  baseId: string;
  tableId?: string;
  viewIds?: string[];
}

export class MetaReadCache {
  private readonly entries = new Map<string, Entry>();

  /** The table answer of `tableId`, loading it with `load` when not cached. */
  table<T extends { base_id: string; views?: { id: string }[] }>(
    tableId: string,
    load: () => Promise<T>,
  ): Promise<T> {
    return this.get(`table\u0000${tableId}`, TTL_MS, load, (t) => ({
      baseId: t.base_id,
      tableId,
      viewIds: (t.views ?? []).map((v) => v.id),
    }));
  }

  /** The tables of a base (per source and m2m choice). */
  tables<T>(baseId: string, variant: string, load: () => Promise<T>): Promise<T> {
    return this.get(`tables\u0000${baseId}\u0000${variant}`, TTL_MS, load, () => ({ baseId }));
  }

  /**
   * The columns an automatic index covers in a table's database table; `generation` is this process's count of
   * finished builds on it (`AutoIndexer.generation`), so its own builds show at once.
   */
  indexed(
    baseId: string,
    tableId: string,
    generation: number,
    load: () => Promise<Set<string>>,
  ): Promise<Set<string>> {
    return this.get(`indexed\u0000${tableId}\u0000${generation}`, INDEX_TTL_MS, load, () => ({
      baseId,
      tableId,
    }));
  }

  /**
   * Follows the change feed.
   * @example feed.subscribe((e) => metaReads.onChange(e), { name: 'meta-reads' })
   */
  onChange(e: ChangeEvent): void {
    switch (e.type) {
      case 'table.changed':
      case 'field.changed':
      case 'source.changed':
      case 'base.changed':
        this.retire((x) => x.baseId === e.baseId);
        return;
      case 'view.changed':
        this.retire(
          (x) => (e.tableId !== undefined && x.tableId === e.tableId) || !!x.viewIds?.includes(e.viewId),
        );
        return;
      case 'filter.changed':
      case 'sort.changed':
        this.retire((x) => !!x.viewIds?.includes(e.viewId));
        return;
      case 'share.changed':
        if (e.scope === 'view') this.retire((x) => !!x.viewIds?.includes(e.targetId));
        return;
      default:
        return;
    }
  }

  clear(): void {
    this.entries.clear();
  }

  private get<T>(key: string, ttl: number, load: () => Promise<T>, scope: (value: T) => Scope): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < ttl) return hit.value as Promise<T>;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = load();
    const entry: Entry = { at: Date.now(), ttl, value };
    this.entries.set(key, entry);
    value.then(
      (v) => Object.assign(entry, scope(v)),
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    return value;
  }

  /** Drops the entries `matches` selects, and every entry still loading (it may have read before the change). */
  private retire(matches: (e: Entry) => boolean): void {
    for (const [key, entry] of this.entries) {
      if (entry.baseId === undefined || matches(entry)) this.entries.delete(key);
    }
  }
}
