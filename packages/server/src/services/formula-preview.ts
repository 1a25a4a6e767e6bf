/**
 * The formula editor's live preview: a draft formula compiled against its table exactly as saving it would
 * (same checks, same SQL), then run on the table's first rows. Returns the result type and each row's value,
 * so the editor shows what the field will hold before it exists. Nothing is written.
 * See docs/exports-filters-formulas.md.
 */
import type { FormulaType } from '@rowbase/core/formula/types';
import { badRequest } from '@rowbase/core/errors';
import type { AppContext } from '../context.js';
import { formulaOptionsChecked, probeComputedSql } from '../data/computed/field-checks.js';
import { decoderOfShape } from '../data/computed/shapes.js';

export interface FormulaPreview {
  type: FormulaType;
  rows: { id: unknown; value: unknown }[];
}

/** How many rows a preview shows. */
export const PREVIEW_ROWS = 5;

export async function previewFormula(
  ctx: AppContext,
  tableId: string,
  formulaRaw: unknown,
  selfId?: string,
): Promise<FormulaPreview> {
  if (typeof formulaRaw !== 'string' || !formulaRaw.trim()) throw badRequest('formula_raw is required');
  const { model, db } = await ctx.tableModels.get(ctx, tableId);
  const table = await ctx.meta.getTable(tableId);
  const tables = await ctx.meta.listTables(table.base_id);
  const { sql, value } = formulaOptionsChecked(db, model.dialect, table, tables, formulaRaw, selfId);
  await probeComputedSql(db, model.tableName, sql);
  const pk = model.pk;
  const order = model.rowOrder ?? pk;
  const query = db(model.tableName).select(db.raw('? as ??', [value.select ?? sql, 'rb_value']));
  if (pk) query.select(db.raw('?? as ??', [pk.name, 'rb_id']));
  if (order) query.orderBy(order.name);
  const raw = (await query.limit(PREVIEW_ROWS)) as Record<string, unknown>[];
  const decode = decoderOfShape(value.shape);
  const decodeId = pk?.decode ?? ((v: unknown) => v);
  return { type: value.type, rows: raw.map((r) => ({ id: decodeId(r.rb_id), value: decode(r.rb_value) })) };
}
