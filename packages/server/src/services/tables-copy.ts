/**
 * Deep copies of tables inside one source: physical tables (structure and, unless excluded, rows) and their
 * meta with every id remapped, so links between copied tables keep pointing at each other. Used by
 * duplicate-table and duplicate-base.
 */
import { optionsKindOf } from '@rowbase/core/fields/col-options';
import type { ColumnMeta, FormulaOptions } from '@rowbase/core/api/meta';
import { FIELD_TYPES } from '@rowbase/core/fields/registry';
import { isRowOrderColumn } from '@rowbase/core/fields/row-order';
import { isLink } from '@rowbase/core/fields/ui-types';
import { createRowOrderIndex } from '../data/row-order.js';
import { newId } from '../meta/ids.js';
import { createTable, dropTable } from '../sources/ddl.js';
import { specOf } from './columns-build.js';
import type { ChangeScope } from './tables-change.js';
import type { FullTable } from './tables-meta.js';

export interface CopyPlan {
  table: FullTable;
  newTableName: string;
  newTitle: string;
}

/** Remaps every id-looking string in colOptions (fk_* fields) and formula references. */
function remapOptions(opts: unknown, ids: Map<string, string>): unknown {
  if (!opts || typeof opts !== 'object') return opts ?? null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(opts as Record<string, unknown>)) {
    out[k] = typeof v === 'string' && ids.has(v) ? ids.get(v) : v;
  }
  const f = out as Partial<FormulaOptions>;
  if (typeof f.formula === 'string')
    f.formula = f.formula.replace(/\{([^{}]+)\}/g, (m, id: string) => (ids.has(id) ? `{${ids.get(id)}}` : m));
  return out;
}

/** New ids for every planned table and field, so links between copied tables can point at each other. */
export function planIds(plans: CopyPlan[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const p of plans) {
    ids.set(p.table.id, newId('table'));
    for (const c of p.table.columns) ids.set(c.id, newId('column'));
  }
  return ids;
}

/**
 * Copies the planned tables into `target` (base and source ids). Fields that point outside the copied
 * set (a link to a table not copied, its lookups and rollups) are left out. Returns old->new table ids.
 */
export async function copyTables(
  s: ChangeScope,
  plans: CopyPlan[],
  target: { base_id: string; source_id: string },
  opts: {
    data: boolean;
    startOrder: number;
    /** Old->new ids of every planned table and field, when the copy is split over several calls. */
    ids?: Map<string, string>;
    /** Copy only these of the plans (the others are copied by other calls with the same ids). */
    only?: CopyPlan[];
  },
): Promise<Map<string, string>> {
  const ids = opts.ids ?? planIds(plans);
  const keep = (c: ColumnMeta): boolean => {
    const o = (c.colOptions ?? {}) as Record<string, unknown>;
    const refs = Object.entries(o)
      .filter(([k, v]) => k.startsWith('fk_') && k !== 'fk_column_id' && typeof v === 'string')
      .map(([, v]) => v as string);
    // Links, lookups and rollups point at other fields and tables: kept only when those are copied too.
    const kind = optionsKindOf(c.uidt);
    if (kind === 'link' || kind === 'lookup' || kind === 'rollup') return refs.every((r) => ids.has(r));
    return true;
  };
  let order = opts.startOrder;
  for (const p of opts.only ?? plans) {
    const stored = p.table.columns.filter((c) => specOf(c));
    const specs = stored.map((c) => specOf(c)!);
    await createTable(s.data, s.dialect, p.newTableName, specs);
    s.onRollback(() => dropTable(s.data, p.newTableName));
    const rowOrder = stored.find(isRowOrderColumn);
    if (rowOrder) {
      const pk = stored.find((c) => c.pk)?.column_name ?? undefined;
      await createRowOrderIndex(s.data, s.dialect, p.newTableName, rowOrder.column_name!, pk);
    }
    if (opts.data && stored.length) {
      const names = stored.map((c) => c.column_name!);
      const list = names.map(() => '??').join(', ');
      await s.data.raw(`insert into ?? (${list}) select ${list} from ??`, [
        p.newTableName,
        ...names,
        ...names,
        p.table.table_name,
      ]);
      const ai = stored.find((c) => c.ai && c.pk);
      if (ai && s.dialect === 'pg') {
        await s.data.raw(
          `select setval(pg_get_serial_sequence(?, ?), coalesce((select max(??) from ??), 0) + 1, false)`,
          [`"${p.newTableName}"`, ai.column_name!, ai.column_name!, p.newTableName],
        );
      }
    }
    const tableId = ids.get(p.table.id)!;
    const now = Date.now();
    await s.meta('rb_models').insert({
      id: tableId,
      base_id: target.base_id,
      source_id: target.source_id,
      table_name: p.newTableName,
      title: p.newTitle,
      type: p.table.type,
      mm: p.table.mm ?? false,
      meta: p.table.meta ? JSON.stringify(p.table.meta) : null,
      description: p.table.description ?? null,
      order: order++,
      created_at: now,
      updated_at: now,
    });
    s.changes.publish({ type: 'table.changed', action: 'created', baseId: target.base_id, tableId }, s.meta);
    for (const c of p.table.columns.filter(keep)) {
      const { id, fk_model_id: _m, base_id: _b, source_id: _s, colOptions, ...rest } = c;
      const row = {
        ...rest,
        id: ids.get(id)!,
        fk_model_id: tableId,
        base_id: target.base_id,
        source_id: target.source_id,
      };
      const remapped = remapOptions(colOptions, ids) as Record<string, unknown> | null;
      if (remapped && isLink(c.uidt)) remapped.fk_column_id = ids.get(id);
      await s.meta('rb_columns').insert({
        ...Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'colOptions')),
        meta: rest.meta ? JSON.stringify(rest.meta) : null,
        validate: rest.validate ? JSON.stringify(rest.validate) : null,
        col_options: remapped ? JSON.stringify(remapped) : null,
        np: rest.np === null || rest.np === undefined ? null : String(rest.np),
        ns: rest.ns === null || rest.ns === undefined ? null : String(rest.ns),
        clen: rest.clen === null || rest.clen === undefined ? null : String(rest.clen),
        dtxp: rest.dtxp === null || rest.dtxp === undefined ? null : String(rest.dtxp),
        dtxs: rest.dtxs === null || rest.dtxs === undefined ? null : String(rest.dtxs),
        created_at: now,
        updated_at: now,
      });
    }
    if (!p.table.mm) {
      await s.meta('rb_views').insert({
        id: newId('view'),
        fk_model_id: tableId,
        base_id: target.base_id,
        source_id: target.source_id,
        title: p.newTitle,
        type: 3,
        is_default: true,
        show_system_fields: false,
        lock_type: 'collaborative',
        order: 1,
        created_at: now,
        updated_at: now,
      });
    }
  }
  return ids;
}

/** Whether a column is stored (has a physical column). */
export const isStored = (c: ColumnMeta) => !FIELD_TYPES[c.uidt].virtual && !!c.column_name;
