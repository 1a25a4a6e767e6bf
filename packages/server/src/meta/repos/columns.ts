/** rb_columns: fields of a table, with their options (`col_options` JSON) and physical type. */
import type { ColumnMeta, ColumnOptions } from '@rowbase/core/api/meta';
import type { UIType } from '@rowbase/core/fields/ui-types';
import type { Knex } from 'knex';
import { NO_PUBLISHER, type ChangePublisher } from '../../changes/change-feed.js';
import type { MetaAction } from '../../changes/change-events.js';
import { newId } from '../ids.js';
import { parseJson, toBool, toNumOrNull } from '../rows.js';

type Row = Record<string, any>;

function fromRow(r: Row): ColumnMeta {
  const colOptions = parseJson<ColumnOptions | null>(r.col_options, null);
  return {
    id: r.id,
    fk_model_id: r.fk_model_id,
    base_id: r.base_id,
    source_id: r.source_id,
    column_name: r.column_name ?? null,
    title: r.title,
    uidt: r.uidt as UIType,
    dt: r.dt ?? null,
    dtx: r.dtx ?? null,
    ct: r.ct ?? null,
    np: r.np ?? null,
    ns: r.ns ?? null,
    clen: r.clen ?? null,
    dtxp: r.dtxp ?? null,
    dtxs: r.dtxs ?? null,
    pk: toBool(r.pk),
    pv: toBool(r.pv),
    rqd: toBool(r.rqd),
    un: toBool(r.un),
    ai: toBool(r.ai),
    au: toBool(r.au),
    unique: toBool(r.unique),
    system: toBool(r.system),
    cdf: r.cdf ?? null,
    meta: parseJson(r.meta, null),
    validate: parseJson(r.validate, null),
    colOptions,
    order: toNumOrNull(r.order),
    altered: toNumOrNull(r.altered) ?? undefined,
  };
}

/** What a new column row holds; ids are assigned here unless given (link pairs need them up front). */
export type NewColumn = Omit<ColumnMeta, 'id'> & { id?: string };

const COLUMNS: (keyof ColumnMeta)[] = [
  'column_name',
  'title',
  'uidt',
  'dt',
  'dtx',
  'ct',
  'np',
  'ns',
  'clen',
  'dtxp',
  'dtxs',
  'pk',
  'pv',
  'rqd',
  'un',
  'ai',
  'au',
  'unique',
  'system',
  'cdf',
  'order',
  'altered',
];

function toRow(c: Partial<ColumnMeta>): Row {
  const row: Row = {};
  for (const k of COLUMNS) {
    const v = c[k];
    if (v === undefined) continue;
    row[k] =
      k === 'np' || k === 'ns' || k === 'clen' || k === 'dtxp' || k === 'dtxs'
        ? v === null
          ? null
          : String(v)
        : v;
  }
  if (c.meta !== undefined) row.meta = c.meta === null ? null : JSON.stringify(c.meta);
  if (c.validate !== undefined) row.validate = c.validate === null ? null : JSON.stringify(c.validate);
  if (c.colOptions !== undefined)
    row.col_options = c.colOptions === null ? null : JSON.stringify(c.colOptions);
  return row;
}

interface ColumnHome {
  fk_model_id: string;
  base_id: string;
  title?: string;
}

export class ColumnsRepo {
  constructor(
    private readonly db: Knex,
    private readonly changes: ChangePublisher = NO_PUBLISHER,
  ) {}

  async byId(id: string, trx: Knex = this.db): Promise<ColumnMeta | undefined> {
    const r = await trx('rb_columns').where({ id }).first();
    return r ? fromRow(r) : undefined;
  }

  async listByTable(tableId: string, trx: Knex = this.db): Promise<ColumnMeta[]> {
    const rows = await trx('rb_columns')
      .where({ fk_model_id: tableId })
      .orderBy([
        { column: 'order', order: 'asc' },
        { column: 'created_at', order: 'asc' },
      ]);
    return rows.map(fromRow);
  }

  async listByTables(tableIds: string[], trx: Knex = this.db): Promise<ColumnMeta[]> {
    if (tableIds.length === 0) return [];
    const rows = await trx('rb_columns')
      .whereIn('fk_model_id', tableIds)
      .orderBy([
        { column: 'order', order: 'asc' },
        { column: 'created_at', order: 'asc' },
      ]);
    return rows.map(fromRow);
  }

  /** Columns of a base whose options mention a column id (lookups/rollups over a link, links to a table). */
  async listByBase(baseId: string, trx: Knex = this.db): Promise<ColumnMeta[]> {
    const rows = await trx('rb_columns').where({ base_id: baseId });
    return rows.map(fromRow);
  }

  async insert(c: NewColumn, trx: Knex = this.db): Promise<string> {
    const now = Date.now();
    const id = c.id ?? newId('column');
    await trx('rb_columns').insert({
      ...toRow(c),
      id,
      fk_model_id: c.fk_model_id,
      base_id: c.base_id,
      source_id: c.source_id,
      created_at: now,
      updated_at: now,
    });
    if (c.base_id)
      this.publishField('created', { fk_model_id: c.fk_model_id, base_id: c.base_id }, [id], trx);
    return id;
  }

  async update(id: string, patch: Partial<ColumnMeta>, trx: Knex = this.db): Promise<void> {
    await trx('rb_columns')
      .where({ id })
      .update({ ...toRow(patch), updated_at: Date.now() });
    this.publishField('updated', await this.tableOf(id, trx), [id], trx);
  }

  async delete(id: string, trx: Knex = this.db): Promise<void> {
    const table = (await trx('rb_columns').where({ id }).first('fk_model_id', 'base_id', 'title')) as
      ColumnHome | undefined;
    await trx('rb_columns').where({ id }).delete();
    this.publishField('deleted', table, [id], trx);
  }

  /** The table and base of a column (read before a change, so the event can name them). */
  private async tableOf(id: string, trx: Knex): Promise<ColumnHome | undefined> {
    return (await trx('rb_columns').where({ id }).first('fk_model_id', 'base_id')) as ColumnHome | undefined;
  }

  private publishField(
    action: MetaAction,
    home: ColumnHome | undefined,
    fieldIds: string[],
    trx: Knex,
  ): void {
    if (!home) return;
    const titles = home.title === undefined ? {} : { titles: [home.title] };
    this.changes.publish(
      { type: 'field.changed', action, baseId: home.base_id, tableId: home.fk_model_id, fieldIds, ...titles },
      trx,
    );
  }

  /** Makes one column the display value (pv) of its table, clearing the others. */
  async setPrimaryValue(tableId: string, columnId: string, trx: Knex = this.db): Promise<void> {
    await trx('rb_columns').where({ fk_model_id: tableId }).update({ pv: false });
    await trx('rb_columns').where({ id: columnId }).update({ pv: true, updated_at: Date.now() });
    this.publishField('updated', await this.tableOf(columnId, trx), [columnId], trx);
  }
}
