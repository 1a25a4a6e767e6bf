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
  value: Promise<LoadedTable>;
  /** Known once loaded. */
  baseId?: string;
}

export class TableModelCache {
  private readonly byId = new Map<string, ModelEntry>();
  /** baseId -> (title | table_name | id, lower-cased) -> table id */
  private readonly names = new Map<string, { at: number; value: Promise<Map<string, string>> }>();

  /** A table by id; 404 'Table not found' when there is none. */
  async get(ctx: TableSources, tableId: string): Promise<LoadedTable> {
    const hit = this.byId.get(tableId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    const value = this.load(ctx, tableId);
    const entry: ModelEntry = { at: Date.now(), value };
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
   * Follows the change feed: a table, field or source change retires the models of its base.
   * @example feed.subscribe((e) => tableModels.onChange(e), { name: 'table-models' })
   */
  onChange(e: ChangeEvent): void {
    switch (e.type) {
      case 'table.changed':
      case 'field.changed':
      case 'source.changed':
        this.invalidateBase(e.baseId);
        return;
      case 'base.changed':
        if (e.action === 'deleted') this.invalidateBase(e.baseId);
        return;
      default:
        return;
    }
  }

  /** Retires the models and table names of one base (models still loading are retired too). */
  invalidateBase(baseId: string): void {
    this.names.delete(baseId);
    for (const [id, entry] of this.byId) {
      if (entry.baseId === undefined || entry.baseId === baseId) this.byId.delete(id);
    }
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
