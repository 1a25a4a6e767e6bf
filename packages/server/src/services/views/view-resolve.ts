/**
 * Resolving `/db/data/{org}/{base}/{table}/views/{view}` path parts: base by id or title, table by id,
 * title or table name, view by id or title within the table (as NocoDB accepts).
 */
import { notFound } from '@rowbase/core/errors';
import type { AppContext } from '../../context.js';
import type { StoredView } from '../../meta/repos/views.js';

export async function resolveDataView(
  ctx: AppContext,
  baseKey: string,
  tableKey: string,
  viewKey: string,
): Promise<StoredView> {
  const baseId = (await ctx.bases.byId(baseKey))
    ? baseKey
    : (await ctx.bases.list(null)).find((b) => b.title === baseKey)?.id;
  if (!baseId) throw notFound(`Base '${baseKey}' not found`);
  const { model } = await ctx.tableModels.resolve(ctx, baseId, tableKey);
  const byId = await ctx.views.byId(viewKey);
  if (byId && byId.fk_model_id === model.id) return byId;
  const byTitle = (await ctx.views.listStoredByTable(model.id)).find((v) => v.title === viewKey);
  if (!byTitle) throw notFound(`View '${viewKey}' not found`);
  return byTitle;
}
