/**
 * Table models for the row API, kept in memory: the first request for a table reads its metadata (2-3
 * queries), every later one none. The change feed retires them: a model embeds the SQL of links, lookups
 * and rollups over the other tables of its base, so a committed change to any table or field of a base
 * retires that base's models (and only those); row writes retire nothing. A short time-to-live bounds
 * staleness from changes made by another app process.
 */
import { notFound } from '@rowbase/core/errors';
import type { Knex } from 'knex';
import type { ChangeEvent } from '../changes/change-events.js';
import { autoIndexAllowed } from '../meta/repos/sources.js';
import { attachComputed, type ModelSources } from './computed/attach.js';
import { buildTableModel, type TableModel } from './table-model.js';

const TTL_MS = 60_000;
/**
 * After a change, the models of its base used within this long are loaded again, the most recently used
 * first and at most `MAX_RELOADS` of them: each load reads the base's tables (for links and lookups).
 */
const RELOAD_USED_WITHIN_MS = 60_000;
const MAX_RELOADS = 4;

export interface LoadedTable {
  model: TableModel;
  /** The knex of the source the table lives in. */
  db: Knex;
}

/** What loading models reads: `ModelSources` plus the base's table list (the app context has both). */
export type TableSources = ModelSources & {
  tables: { list(baseId: string, opts: { includeM2M: boolean }): Promise<{ id: string; title: string; table_name: string }[]> };
};

interface ModelEntry {
  at: number;
  /** When a request last asked for it. */
  usedAt: number;
  value: Promise<LoadedTable>;
  /** Known once loaded. */
  baseId?: string;
}

export class TableModelCache {
  private readonly byId = new Map<string, ModelEntry>();
  /** Retired models to load again (id -> when last used), gathered over one tick of the event loop. */
  private readonly reloading = new Map<string, number>();
  private reloadTimer: NodeJS.Immediate | undefined;
  /** Resolves when the models being loaded again are loaded (tests wait on it). */
  private reloads: Promise<unknown> = Promise.resolve();

  /** Called with each model loaded again after a change (the row reader builds its default select list then). */
  constructor(private readonly onReload?: (loaded: LoadedTable) => void) {}

  /** baseId -> (title | table_name | id, lower-cased) -> table id */
  private readonly names = new Map<string, { at: number; value: Promise<Map<string, string>> }>();

  /** A table by id; 404 'Table not found' when there is none. */
  async get(ctx: TableSources, tableId: string): Promise<LoadedTable> {
    const hit = this.byId.get(tableId);
    if (hit && Date.now() - hit.at < TTL_MS) {
      hit.usedAt = Date.now();
      return hit.value;
    }
    const value = this.load(ctx, tableId);
    const entry: ModelEntry = { at: Date.now(), usedAt: Date.now(), value };
    this.byId.set(tableId, entry);
    value.then(
      (loaded) => (entry.baseId = loaded.model.baseId),
      () => this.byId.get(tableId) === entry && this.byId.delete(tableId),
    );
    return value;
  }

  /** A table of a base by id, title or table name (NocoDB v1 paths use any of them). */
  async resolve(ctx: TableSources, baseId: string, key: string): Promise<LoadedTable> {
    let hit = this.names.get(baseId);
    if (!hit || Date.now() - hit.at >= TTL_MS) {
      const value = this.loadNames(ctx, baseId);
      hit = { at: Date.now(), value };
      this.names.set(baseId, hit);
      value.catch(() => this.names.delete(baseId));
    }
    const names = await hit.value;
    const id = names.get(key) ?? names.get(key.toLowerCase());
    if (!id) throw notFound(`Table '${key}' not found`);
    const loaded = await this.get(ctx, id);
    if (loaded.model.baseId !== baseId) throw notFound(`Table '${key}' not found`);
    return loaded;
  }

  /** Whether `baseId` is a base id whose tables are cached (then no lookup is needed to know it exists). */
  knowsBase(baseId: string): boolean {
    const hit = this.names.get(baseId);
    return !!hit && Date.now() - hit.at < TTL_MS;
  }

  /**
   * Follows the change feed: a table, field or source change retires the models of its base. Given the
   * sources to load from (`reload`), the models it retired that were in use are loaded again in the
   * background, so the first read after a field change does not wait for its table's model
   * (docs/performance.md, "Cold reads on PostgreSQL").
   * @example feed.subscribe((e) => tableModels.onChange(e, ctx), { name: 'table-models' })
   */
  onChange(e: ChangeEvent, reload?: TableSources): void {
    switch (e.type) {
      case 'table.changed':
      case 'field.changed':
      case 'source.changed':
        this.retire(e.baseId, reload);
        return;
      case 'base.changed':
        if (e.action === 'deleted') this.invalidateBase(e.baseId);
        return;
      default:
        return;
    }
  }

  private retire(baseId: string, reload: TableSources | undefined): void {
    const retired = this.invalidateBase(baseId);
    if (!reload || !retired.length) return;
    // A burst of changes (a table created with its fields) retires them once per change: load after the burst's tick.
    for (const [id, usedAt] of retired) this.reloading.set(id, Math.max(usedAt, this.reloading.get(id) ?? 0));
    if (this.reloadTimer) return;
    let started!: () => void;
    this.reloads = Promise.all([this.reloads, new Promise<void>((resolve) => (started = resolve))]);
    this.reloadTimer = setImmediate(() => {
      this.reloadTimer = undefined;
      const due = [...this.reloading].sort((a, b) => b[1] - a[1]).slice(0, MAX_RELOADS);
      this.reloading.clear();
      for (const [id, usedAt] of due) {
        if (this.byId.has(id)) continue;
        const done = this.get(reload, id).then(
          (loaded) => this.onReload?.(loaded),
          () => undefined,
        );
        this.reloads = Promise.all([this.reloads, done]);
        // Loading it again is no use of it: it is not loaded again after the next change unless a request asks.
        const entry = this.byId.get(id);
        if (entry) entry.usedAt = usedAt;
      }
      started();
    });
  }

  /**
   * Retires the models and table names of one base (models still loading are retired too); returns those it
   * retired that were used lately, with when, the most recent first (`MAX_RELOADS` at most).
   */
  invalidateBase(baseId: string): [id: string, usedAt: number][] {
    this.names.delete(baseId);
    const retired: [string, number][] = [];
    for (const [id, entry] of this.byId) {
      if (entry.baseId === undefined || entry.baseId === baseId) {
        this.byId.delete(id);
        if (entry.baseId !== undefined && Date.now() - entry.usedAt < RELOAD_USED_WITHIN_MS) retired.push([id, entry.usedAt]);
      }
    }
    return retired.sort((a, b) => b[1] - a[1]).slice(0, MAX_RELOADS);
  }

  /** Waits for the models being loaded again after changes (tests). */
  async reloaded(): Promise<void> {
    let seen: Promise<unknown>;
    do await (seen = this.reloads);
    while (seen !== this.reloads);
  }

  invalidateAll(): void {
    this.byId.clear();
    this.names.clear();
  }

  private async load(ctx: TableSources, tableId: string): Promise<LoadedTable> {
    const table = await ctx.meta.getTable(tableId);
    const source = await ctx.sourceRepo.byId(table.source_id);
    if (!source) throw notFound(`Source '${table.source_id}' not found`);
    const db = ctx.sources.connectionOf(source);
    const model = buildTableModel(table, table.columns, ctx.sources.dialectOf(source), { managed: autoIndexAllowed(source) });
    await attachComputed(ctx, db, model);
    return { model, db };
  }

  private async loadNames(ctx: TableSources, baseId: string): Promise<Map<string, string>> {
    const tables = await ctx.tables.list(baseId, { includeM2M: true });
    const map = new Map<string, string>();
    // Exact ids first; titles and table names also case-insensitively, titles winning.
    for (const t of tables) map.set(t.table_name.toLowerCase(), t.id);
    for (const t of tables) map.set(t.title.toLowerCase(), t.id);
    for (const t of tables) {
      map.set(t.table_name, t.id);
      map.set(t.title, t.id);
      map.set(t.id, t.id);
    }
    return map;
  }
}
