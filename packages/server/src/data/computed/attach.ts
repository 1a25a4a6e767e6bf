/**
 * Gives a table model what computed fields need: the models of the other tables of its source (links reach
 * them) and a `ComputedSql` over the source's knex. Two meta queries, done when the model cache loads.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { Dialect } from '@rowbase/core/fields/field-type';
import type { Knex } from 'knex';
import type { SourceRecord } from '../../meta/repos/sources.js';
import type { TableRecord } from '../../meta/repos/tables.js';
import { buildTableModel, type TableModel } from '../table-model.js';
import { ComputedSql } from './column-sql.js';

/** A table's metadata with its columns, as the meta service reads it. */
export type TableWithColumns = TableRecord & { columns: ColumnMeta[] };

/**
 * What building table models reads: table metadata, the source records and their connections. The app
 * context provides all of it; the data layer asks for no more (it never reaches services through it).
 */
export interface ModelSources {
  meta: {
    getTable(tableId: string, trx?: Knex): Promise<TableWithColumns>;
    listTables(baseId: string, trx?: Knex): Promise<TableWithColumns[]>;
  };
  sourceRepo: { byId(id: string, trx?: Knex): Promise<SourceRecord | undefined> };
  sources: { connectionOf(source: SourceRecord): Knex; dialectOf(source: SourceRecord): Dialect };
}

/** The models of every table of `model`'s source (itself included), sharing one `ComputedSql`. */
export function sourceModels(
  db: Knex,
  model: TableModel,
  tables: readonly TableWithColumns[],
): Map<string, TableModel> {
  const models = new Map<string, TableModel>([[model.id, model]]);
  for (const t of tables) {
    if (t.source_id === model.sourceId && t.id !== model.id)
      models.set(t.id, buildTableModel(t, t.columns, model.dialect));
  }
  const computed = new ComputedSql(db, models);
  for (const m of models.values()) m.computed = computed;
  return models;
}

/** Loads the base's tables and attaches a `ComputedSql` to `model`. */
export async function attachComputed(ctx: ModelSources, db: Knex, model: TableModel): Promise<void> {
  sourceModels(db, model, await ctx.meta.listTables(model.baseId));
}

/**
 * A table's model with computed SQL over its source, read inside a meta change (`trx`), for checks of new
 * computed fields.
 */
export async function checkModelOf(ctx: ModelSources, trx: Knex, tableId: string): Promise<TableModel> {
  const tables = await ctx.meta.listTables((await ctx.meta.getTable(tableId, trx)).base_id, trx);
  const table = tables.find((t) => t.id === tableId)!;
  const source = await ctx.sourceRepo.byId(table.source_id, trx);
  if (!source) throw new Error(`Source ${table.source_id} not found`);
  const model = buildTableModel(table, table.columns, ctx.sources.dialectOf(source));
  sourceModels(ctx.sources.connectionOf(source), model, tables);
  return model;
}
