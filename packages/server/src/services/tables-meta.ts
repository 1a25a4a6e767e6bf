/**
 * `MetaService` (ctx.meta): how the data plane reads table metadata. `getTable(id)` returns a TableMeta
 * with its columns (colOptions included) and views, in two or three indexed queries.
 */
import { formulaOptions } from '@rowbase/core/fields/col-options';
import type { ColumnMeta, TableMeta } from '@rowbase/core/api/meta';
import { formulaToShown } from '@rowbase/core/formula/references';
import { notFound } from '@rowbase/core/errors';
import type { Knex } from 'knex';
import type { ColumnsRepo } from '../meta/repos/columns.js';
import type { TableRecord, TablesRepo } from '../meta/repos/tables.js';
import type { ViewsRepo } from '../meta/repos/views.js';

export type FullTable = TableRecord & { columns: ColumnMeta[] };

/** Formulas are stored by field id; `formula_raw` shows them with today's titles (renames included). */
function withShownFormulas(columns: ColumnMeta[]): ColumnMeta[] {
  return columns.map((c) => {
    const o = formulaOptions(c);
    if (!o?.formula) return c;
    return { ...c, colOptions: { ...o, formula_raw: formulaToShown(o.formula, columns) } };
  });
}

export class MetaService {
  constructor(
    private readonly tables: TablesRepo,
    private readonly columns: ColumnsRepo,
    private readonly views: ViewsRepo,
  ) {}

  /** A table with its columns and views, or a 404 'Table not found'. */
  async getTable(tableId: string, trx?: Knex): Promise<FullTable & Required<Pick<TableMeta, 'views'>>> {
    const table = await this.tables.byId(tableId, trx);
    if (!table) throw notFound(`Table '${tableId}' not found`);
    const [columns, views] = await Promise.all([
      this.columns.listByTable(tableId, trx),
      this.views.listByTable(tableId, trx),
    ]);
    return { ...table, columns: withShownFormulas(columns), views };
  }

  /** Like getTable but undefined for an unknown id. */
  async findTable(tableId: string, trx?: Knex): Promise<FullTable | undefined> {
    const table = await this.tables.byId(tableId, trx);
    if (!table) return undefined;
    return { ...table, columns: await this.columns.listByTable(tableId, trx) };
  }

  async getColumn(columnId: string, trx?: Knex): Promise<ColumnMeta> {
    const c = await this.columns.byId(columnId, trx);
    if (!c) throw notFound(`Column '${columnId}' not found`);
    return c;
  }

  /** Tables of a base with their columns (for ERDs, swagger, link targets). */
  async listTables(baseId: string, trx?: Knex): Promise<FullTable[]> {
    const tables = await this.tables.list(baseId, { includeM2M: true }, trx);
    const cols = await this.columns.listByTables(
      tables.map((t) => t.id),
      trx,
    );
    return tables.map((t) => ({ ...t, columns: cols.filter((c) => c.fk_model_id === t.id) }));
  }
}
