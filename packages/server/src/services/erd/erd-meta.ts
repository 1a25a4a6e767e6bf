/**
 * The schema an ER diagram of one source draws: its tables (junction tables included, flagged), their
 * fields with primary- and foreign-key marks, and one relation per link field. No rows, no views.
 */
import { isForeignKeyType } from '@rowbase/core/fields/traits';
import { linkOptions } from '@rowbase/core/fields/col-options';
import type { ErdMeta, ErdRelation, ErdTable } from '@rowbase/core/api/erd';
import { toBool } from '../../meta/rows.js';
import type { AppContext } from '../../context.js';
import { getColumnsOfTables } from '../views/table-meta.js';

export async function erdMeta(
  ctx: Pick<AppContext, 'db'>,
  baseId: string,
  sourceId: string,
): Promise<ErdMeta> {
  const rows = await ctx
    .db('rb_models')
    .where({ base_id: baseId, source_id: sourceId })
    .orderBy([{ column: 'order' }, { column: 'created_at' }]);
  const columns = await getColumnsOfTables(
    ctx.db,
    rows.map((r) => r.id as string),
  );
  const relations: ErdRelation[] = [];
  const foreignKeys = new Set<string>();
  for (const c of columns) {
    const o = linkOptions(c);
    if (!o) continue;
    relations.push({
      fk_column_id: c.id,
      fk_model_id: c.fk_model_id,
      type: o.type,
      fk_related_model_id: o.fk_related_model_id,
      fk_child_column_id: o.fk_child_column_id ?? null,
      fk_parent_column_id: o.fk_parent_column_id ?? null,
      fk_mm_model_id: o.fk_mm_model_id ?? null,
    });
    if (o.type === 'mm') {
      if (o.fk_mm_child_column_id) foreignKeys.add(o.fk_mm_child_column_id);
      if (o.fk_mm_parent_column_id) foreignKeys.add(o.fk_mm_parent_column_id);
    } else if (o.fk_child_column_id) foreignKeys.add(o.fk_child_column_id);
  }
  const byTable = new Map<string, ErdTable['columns']>();
  for (const c of columns) {
    const list = byTable.get(c.fk_model_id) ?? [];
    list.push({
      id: c.id,
      title: c.title,
      column_name: c.column_name,
      uidt: c.uidt,
      dt: c.dt ?? null,
      pk: c.pk,
      pv: c.pv,
      rqd: c.rqd,
      system: c.system,
      fk: foreignKeys.has(c.id) || isForeignKeyType(c.uidt),
    });
    byTable.set(c.fk_model_id, list);
  }
  const tables: ErdTable[] = rows.map((t) => ({
    id: t.id as string,
    title: t.title as string,
    table_name: t.table_name as string,
    type: (t.type as ErdTable['type']) ?? 'table',
    mm: toBool(t.mm),
    columns: byTable.get(t.id as string) ?? [],
  }));
  return { base_id: baseId, source_id: sourceId, tables, relations };
}
