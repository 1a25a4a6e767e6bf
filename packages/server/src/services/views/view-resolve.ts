/** Resolving `/db/data/{org}/{base}/{table}/views/{view}` path parts: ids or titles, as NocoDB accepts. */
import { notFound } from '@rowbase/core/errors';
import type { AppContext } from '../../context.js';
import type { StoredView } from '../../meta/repos/views.js';
import { findTableInBase } from './table-meta.js';

export async function resolveDataView(
  ctx: AppContext,
  baseId: string,
  tableKey: string,
  viewKey: string,
): Promise<StoredView> {
  const table = await findTableInBase(ctx.db, baseId, tableKey);
  const byId = await ctx.views.byId(viewKey);
  if (byId && byId.fk_model_id === table.id) return byId;
  const byTitle = (await ctx.views.listByTable(table.id)).find((v) => v.title === viewKey);
  if (!byTitle) throw notFound(`View '${viewKey}' not found`);
  return byTitle;
}
