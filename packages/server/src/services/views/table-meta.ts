/**
 * Reads of tables and columns that the view services need (rb_models, rb_columns). Kept small and read-only:
 * the meta service owns writing them.
 */
import type { ColumnMeta, TableMeta } from '@rowbase/core/api/meta';
import { notFound } from '@rowbase/core/errors';
import type { UIType } from '@rowbase/core/fields/ui-types';
import type { Knex } from 'knex';
import { parseJson, toBool, toNumOrNull } from '../../meta/rows.js';

type Row = Record<string, unknown>;

function columnFromRow(r: Row): ColumnMeta {
  return {
    id: r.id as string,
    fk_model_id: r.fk_model_id as string,
    base_id: r.base_id as string,
    source_id: r.source_id as string,
    column_name: (r.column_name as string | null) ?? null,
    title: r.title as string,
    uidt: r.uidt as UIType,
    dt: (r.dt as string | null) ?? null,
    pk: toBool(r.pk),
    pv: toBool(r.pv),
    rqd: toBool(r.rqd),
    un: toBool(r.un),
    ai: toBool(r.ai),
    au: toBool(r.au),
    system: toBool(r.system),
    dtxp: (r.dtxp as string | null) ?? null,
    meta: parseJson<Record<string, unknown> | null>(r.meta, null),
    colOptions: parseJson<ColumnMeta['colOptions']>(r.col_options, null),
    order: toNumOrNull(r.order),
  };
}

function tableFromRow(r: Row): TableMeta {
  return {
    id: r.id as string,
    base_id: r.base_id as string,
    source_id: r.source_id as string,
    table_name: r.table_name as string,
    title: r.title as string,
    type: (r.type as TableMeta['type']) ?? 'table',
    meta: parseJson<Record<string, unknown> | null>(r.meta, null),
    order: toNumOrNull(r.order),
  };
}

/** The table, or a 404 naming it. */
export async function getTable(db: Knex, tableId: string): Promise<TableMeta> {
  const r = await db('rb_models').where({ id: tableId }).first();
  if (!r) throw notFound(`Table '${tableId}' not found`);
  return tableFromRow(r);
}

/** A table of the base by id or title (as NocoDB's data paths accept either). */
export async function findTableInBase(db: Knex, baseId: string, idOrTitle: string): Promise<TableMeta> {
  const r =
    (await db('rb_models').where({ base_id: baseId, id: idOrTitle }).first()) ??
    (await db('rb_models').where({ base_id: baseId, title: idOrTitle }).first()) ??
    (await db('rb_models').where({ base_id: baseId, table_name: idOrTitle }).first());
  if (!r) throw notFound(`Table '${idOrTitle}' not found`);
  return tableFromRow(r);
}

/** The table's columns in field order. */
export async function getColumns(db: Knex, tableId: string): Promise<ColumnMeta[]> {
  const rows = await db('rb_columns')
    .where({ fk_model_id: tableId })
    .orderBy([
      { column: 'order', order: 'asc' },
      { column: 'created_at', order: 'asc' },
    ]);
  return rows.map(columnFromRow);
}

/** The columns of several tables in one query, in field order per table. */
export async function getColumnsOfTables(db: Knex, tableIds: string[]): Promise<ColumnMeta[]> {
  if (!tableIds.length) return [];
  const rows = await db('rb_columns')
    .whereIn('fk_model_id', tableIds)
    .orderBy([
      { column: 'order', order: 'asc' },
      { column: 'created_at', order: 'asc' },
    ]);
  return rows.map(columnFromRow);
}

export async function getColumn(db: Knex, columnId: string): Promise<ColumnMeta | undefined> {
  const r = await db('rb_columns').where({ id: columnId }).first();
  return r ? columnFromRow(r) : undefined;
}
