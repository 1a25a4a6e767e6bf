/**
 * In-memory caches of the data plane, per table: row counts per filter and seek points for deep pages.
 * The change feed retires them: a committed write to a table's rows, links or fields bumps that table's
 * version, which retires its entries at once and leaves other tables' entries alone. A short time-to-live
 * bounds staleness from writes this process did not see (another app process, direct SQL).
 */
import type { ChangeEvent } from '../changes/change-events.js';
import { AutoIndexer } from './auto-index.js';

const TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

interface Entry<T> {
  version: number;
  at: number;
  value: T;
}

export class DataCache {
  /** Indexes created as tables get filtered and sorted. */
  readonly indexes: AutoIndexer;
  private readonly versions = new Map<string, number>();
  private readonly counts = new Map<string, Entry<number>>();
  private readonly seeks = new Map<string, Entry<unknown>>();
  /** Per table and ordering: the offsets with a seek point kept, to find the nearest one before a page. */
  private readonly seekOffsets = new Map<string, Set<number>>();

  constructor(opts: { autoIndex?: boolean } = {}) {
    this.indexes = new AutoIndexer({ enabled: opts.autoIndex ?? true });
  }

  /**
   * Follows the change feed: retires what a committed change made stale.
   * @example feed.subscribe((e) => dataCache.onChange(e), { name: 'data-cache' })
   */
  onChange(e: ChangeEvent): void {
    switch (e.type) {
      case 'rows.inserted':
        this.indexes.noteInserted(e.tableId, e.ids?.length ?? 0);
        this.bump(e.tableId);
        return;
      case 'rows.updated':
      case 'rows.deleted':
      case 'field.changed':
      case 'table.changed':
        this.bump(e.tableId);
        return;
      case 'links.changed':
        this.bump(e.tableId);
        this.bump(e.relatedTableId);
        return;
      case 'source.changed':
        // Another database behind the same tables: nothing cached can be trusted (rare).
        if (e.action !== 'created') this.clear();
        return;
      default:
        return;
    }
  }

  /** Forgets everything. */
  clear(): void {
    this.counts.clear();
    this.seeks.clear();
    this.seekOffsets.clear();
  }

  /** Call after any write to the table's rows. */
  bump(tableId: string): void {
    this.versions.set(tableId, (this.versions.get(tableId) ?? 0) + 1);
  }

  version(tableId: string): number {
    return this.versions.get(tableId) ?? 0;
  }

  getCount(tableId: string, key: string): number | undefined {
    return this.read(this.counts, tableId, key);
  }

  /**
   * Keeps a count. `readAt` is the table's version taken before the count was read: when a write has retired
   * the table since, the count may predate it and is not kept.
   */
  setCount(tableId: string, key: string, value: number, readAt = this.version(tableId)): void {
    if (readAt !== this.version(tableId)) return;
    this.write(this.counts, tableId, key, value);
  }

  /** The sort key of the row just before `offset` in the ordering named by `key`. */
  getSeek(tableId: string, key: string, offset: number): unknown {
    return this.read(this.seeks, tableId, `${key}\u0000${offset}`);
  }

  /** Keeps a seek point read when the table was at version `readAt` (not kept if a write came since). */
  setSeek(tableId: string, key: string, offset: number, value: unknown, readAt = this.version(tableId)): void {
    if (readAt !== this.version(tableId)) return;
    if (this.seeks.size >= MAX_ENTRIES) this.seekOffsets.clear();
    this.write(this.seeks, tableId, `${key}\u0000${offset}`, value);
    const at = `${tableId}\u0000${key}`;
    let offsets = this.seekOffsets.get(at);
    if (!offsets) this.seekOffsets.set(at, (offsets = new Set()));
    offsets.add(offset);
  }

  /**
   * The nearest seek point before `offset`, at most `maxGap` rows before it, in the ordering named by `key`:
   * a first visit of a deep page reads on from there instead of counting off every row before it.
   */
  nearestSeek(tableId: string, key: string, offset: number, maxGap: number): { offset: number; value: unknown } | undefined {
    const offsets = this.seekOffsets.get(`${tableId}\u0000${key}`);
    if (!offsets) return undefined;
    let best = -1;
    for (const o of offsets) if (o < offset && o >= offset - maxGap && o > best) best = o;
    if (best < 0) return undefined;
    const value = this.getSeek(tableId, key, best);
    if (value === undefined) {
      offsets.delete(best);
      return undefined;
    }
    return { offset: best, value };
  }

  private read<T>(map: Map<string, Entry<T>>, tableId: string, key: string): T | undefined {
    const e = map.get(`${tableId}\u0000${key}`);
    if (!e) return undefined;
    if (e.version !== this.version(tableId) || Date.now() - e.at > TTL_MS) {
      map.delete(`${tableId}\u0000${key}`);
      return undefined;
    }
    return e.value;
  }

  private write<T>(map: Map<string, Entry<T>>, tableId: string, key: string, value: T): void {
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(`${tableId}\u0000${key}`, { version: this.version(tableId), at: Date.now(), value });
  }
}
