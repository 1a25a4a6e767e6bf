/** Marks the fields of a table's meta that an automatic index covers (`auto_indexed`, docs/performance.md). */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { AppContext } from '../context.js';
import { autoIndexedColumns } from '../data/auto-index-list.js';

export async function withAutoIndexed<T extends { id: string; columns?: ColumnMeta[] }>(
  ctx: AppContext,
  table: T,
): Promise<T> {
  const loaded = await ctx.tableModels.get(ctx, table.id).catch(() => undefined);
  if (!loaded?.model.managed || !table.columns) return table;
  // A catalogue that cannot be read (an unreachable source) leaves the fields unmarked.
  const { db, model } = loaded;
  const covered = await ctx.metaReads
    .indexed(model.baseId, table.id, ctx.dataCache.indexes.generation(model.tableName), () =>
      autoIndexedColumns(db, model.dialect, model.tableName),
    )
    .catch(() => new Set<string>());
  if (!covered.size) return table;
  return {
    ...table,
    columns: table.columns.map((c) =>
      c.column_name && !c.pk && covered.has(c.column_name) ? { ...c, auto_indexed: true } : c,
    ),
  };
}
