/**
 * What a shared ERD shows: the tables of one source with their fields and the relations between them,
 * nothing else (no rows, no views, no base settings).
 */
import { linkOptions } from '@rowbase/core/fields/col-options';
import { notFound } from '@rowbase/core/errors';
import type { AppContext } from '../../context.js';
import { getColumns } from '../views/table-meta.js';

export async function sharedErdMeta(ctx: AppContext, uuid: string): Promise<Record<string, unknown>> {
  const share = uuid ? await ctx.shares.byUuid(uuid, 'erd') : undefined;
  if (!share) throw notFound('Shared ERD not found');
  const tables = await ctx
    .db('rb_models')
    .where({ base_id: share.base_id, source_id: share.source_id })
    .orderBy([{ column: 'order' }, { column: 'created_at' }]);
  const relations: Record<string, unknown>[] = [];
  const list = [];
  for (const t of tables) {
    const columns = await getColumns(ctx.db, t.id as string);
    list.push({
      id: t.id,
      title: t.title,
      table_name: t.table_name,
      type: t.type,
      columns: columns.map((c) => ({
        id: c.id,
        title: c.title,
        column_name: c.column_name,
        uidt: c.uidt,
        dt: c.dt,
        pk: c.pk,
        pv: c.pv,
        rqd: c.rqd,
        system: c.system,
        ...(linkOptions(c) ? { colOptions: c.colOptions } : {}),
      })),
    });
    for (const c of columns) {
      const o = linkOptions(c);
      if (!o) continue;
      relations.push({
        fk_column_id: c.id,
        fk_model_id: t.id,
        type: o.type,
        fk_related_model_id: o.fk_related_model_id,
        fk_child_column_id: o.fk_child_column_id,
        fk_parent_column_id: o.fk_parent_column_id,
        fk_mm_model_id: o.fk_mm_model_id ?? null,
      });
    }
  }
  return { base_id: share.base_id, source_id: share.source_id, tables: list, relations };
}
