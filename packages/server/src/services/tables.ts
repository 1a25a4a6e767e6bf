/** Table use cases: create (system columns + default grid view), rename, delete, reorder, list. */
import { isPrimaryKeyType } from '@rowbase/core/fields/traits';
import type { ColumnBody } from '@rowbase/core/api/columns';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { CreateTableBody, UpdateTableBody } from '@rowbase/core/api/tables';
import { badRequest, notFound } from '@rowbase/core/errors';
import { FIELD_TYPES } from '@rowbase/core/fields/registry';
import { isRowOrderColumn } from '@rowbase/core/fields/row-order';
import type { AppContext } from '../context.js';
import { createRowOrderIndex } from '../data/row-order.js';
import { newId } from '../meta/ids.js';
import type { BaseRecord } from '../meta/repos/bases.js';
import type { SourceRecord } from '../meta/repos/sources.js';
import type { TableRecord } from '../meta/repos/tables.js';
import { createTable as createPhysicalTable, dropTable, renameTable } from '../sources/ddl.js';
import { buildNewColumn, checkTitle, metaOf, systemColumnBodies } from './columns-build.js';
import { dropLinksToTable } from './columns-links.js';
import { inMetaChange } from './tables-change.js';
import { MAX_IDENTIFIER, checkTableNameLength, toIdentifier } from './tables-naming.js';
import type { FullTable } from './tables-meta.js';

/** The source a table goes into: the given one (which must belong to the base) or the base's default. */
export async function sourceFor(ctx: AppContext, baseId: string, sourceId?: string): Promise<SourceRecord> {
  const sources = await ctx.sourceRepo.listByBase(baseId);
  const source = sourceId
    ? sources.find((s) => s.id === sourceId)
    : (sources.find((s) => s.is_meta) ?? sources[0]);
  if (!source) throw notFound(sourceId ? `Source '${sourceId}' not found` : `Base '${baseId}' has no source`);
  return source;
}

/** The physical name of a table in a source: prefixed with the base prefix in the default source. */
export function physicalTableName(base: BaseRecord, source: SourceRecord, tableName: string): string {
  return source.is_meta && base.prefix ? `${base.prefix}_${tableName}` : tableName;
}

async function assertTitleFree(
  ctx: AppContext,
  baseId: string,
  title: string,
  exceptId?: string,
): Promise<void> {
  const tables = await ctx.tables.list(baseId, { includeM2M: true });
  if (tables.some((t) => t.id !== exceptId && t.title.toLowerCase() === title.toLowerCase())) {
    throw badRequest(`Duplicate table alias '${title}'`);
  }
}

function checkTableName(name: string): void {
  if (!name.trim()) throw badRequest('Table name cannot be blank');
  if (name !== name.trim()) throw badRequest('Table name cannot start or end with a space');
  if (!/^[^\0`"'[\]\\/.?]+$/.test(name))
    throw badRequest(`Table name '${name}' contains characters that are not allowed`);
}

/** Merges the client's columns over the system columns (same column_name replaces), in order. */
function columnBodiesFor(
  dialect: Parameters<typeof systemColumnBodies>[0],
  given: ColumnBody[] = [],
): ColumnBody[] {
  const system = systemColumnBodies(dialect);
  const nameOf = (b: ColumnBody) => (b.column_name ?? '').toLowerCase();
  const sameName = (b: ColumnBody) => (c: ColumnBody) => !!nameOf(b) && nameOf(b) === nameOf(c);
  const hasOwnPk = given.some((c) => c.pk || isPrimaryKeyType(c.uidt));
  for (const col of given) {
    if (FIELD_TYPES[col.uidt].virtual) {
      throw badRequest(
        `Column '${col.title ?? col.column_name}': add ${col.uidt} fields after the table is created`,
      );
    }
  }
  // Missing system columns keep their places: id and title first, created_at/updated_at last.
  const missing = system.filter((s) => !given.some(sameName(s)) && !(isPrimaryKeyType(s.uidt) && hasOwnPk));
  const head = missing.filter((s) => s.column_name === 'id' || s.column_name === 'title');
  const tail = missing.filter((s) => !head.includes(s));
  const merged = given.map((col) => {
    const sys = system.find(sameName(col));
    return sys ? { ...sys, ...col } : col;
  });
  return [...head, ...merged, ...tail];
}

export async function createTable(
  ctx: AppContext,
  base: BaseRecord,
  body: CreateTableBody,
  sourceId?: string,
): Promise<FullTable> {
  const source = await sourceFor(ctx, base.id, sourceId);
  const dialect = ctx.sources.dialectOf(source);
  const title = body.title ?? body.table_name!.trim();
  checkTitle(title, 'Table title');
  await assertTitleFree(ctx, base.id, title);
  const tableName = body.table_name?.trim()
    ? body.table_name
    : toIdentifier(title, 'table').slice(0, MAX_IDENTIFIER[dialect] - (base.prefix?.length ?? 0) - 6);
  checkTableName(tableName);
  const physical = physicalTableName(base, source, tableName);
  checkTableNameLength(dialect, physical, physical.length - tableName.length);
  const existing = await ctx.tables.list(base.id, { sourceId: source.id, includeM2M: true });
  if (existing.some((t) => t.table_name.toLowerCase() === physical.toLowerCase())) {
    throw badRequest(`Duplicate table name '${tableName}'`);
  }
  const data = ctx.sources.connectionOf(source);
  if (await data.schema.hasTable(physical))
    throw badRequest(`Table '${tableName}' already exists in the database`);

  const tableId = newId('table');
  const scope = { id: tableId, base_id: base.id, source_id: source.id, columns: [] as ColumnMeta[] };
  const built = columnBodiesFor(dialect, body.columns).map((b, i) => {
    const c = buildNewColumn(dialect, scope, b, i + 1);
    scope.columns.push({ ...c.meta, id: '' } as ColumnMeta);
    return c;
  });
  if (!built.some((c) => c.meta.pv)) {
    const firstText = built.find((c) => !c.meta.pk && FIELD_TYPES[c.meta.uidt].kind === 'text');
    if (firstText) firstText.meta.pv = true;
  }

  await inMetaChange(ctx, source, async (s) => {
    await createPhysicalTable(
      s.data,
      s.dialect,
      physical,
      built.map((c) => c.spec!),
    );
    s.onRollback(() => dropTable(data, physical));
    const order = built.find((c) => isRowOrderColumn(c.meta));
    if (order) {
      const pk = built.find((c) => c.meta.pk)?.meta.column_name ?? undefined;
      await createRowOrderIndex(s.data, s.dialect, physical, order.meta.column_name!, pk);
    }
    await s.meta('rb_models').insert({
      id: tableId,
      base_id: base.id,
      source_id: source.id,
      table_name: physical,
      title,
      type: 'table',
      mm: false,
      meta: body.meta ? (typeof body.meta === 'string' ? body.meta : JSON.stringify(body.meta)) : null,
      description: body.description ?? null,
      order: await ctx.tables.nextOrder(base.id, s.meta),
      created_at: Date.now(),
      updated_at: Date.now(),
    });
    s.changes.publish({ type: 'table.changed', action: 'created', baseId: base.id, tableId }, s.meta);
    for (const c of built) await ctx.columns.insert(c.meta, s.meta);
    await ctx.tableViews.insertDefaultGrid(
      { id: tableId, base_id: base.id, source_id: source.id, title },
      s.meta,
    );
  });
  return ctx.meta.getTable(tableId);
}

export async function updateTable(
  ctx: AppContext,
  table: TableRecord,
  body: UpdateTableBody,
): Promise<FullTable> {
  const base = (await ctx.bases.byId(table.base_id))!;
  const source = await sourceFor(ctx, table.base_id, table.source_id);
  const dialect = ctx.sources.dialectOf(source);
  let physical: string | undefined;
  if (body.title !== undefined && body.title !== table.title)
    await assertTitleFree(ctx, table.base_id, body.title, table.id);
  if (body.table_name !== undefined) {
    checkTableName(body.table_name);
    physical = physicalTableName(base, source, body.table_name);
    if (physical === table.table_name) physical = undefined;
    else checkTableNameLength(dialect, physical, physical.length - body.table_name.length);
  }
  await inMetaChange(ctx, source, async (s) => {
    if (physical) {
      if (await s.data.schema.hasTable(physical))
        throw badRequest(`Table '${body.table_name}' already exists in the database`);
      await renameTable(s.data, table.table_name, physical);
      s.onRollback(() => renameTable(ctx.sources.connectionOf(source), physical!, table.table_name));
    }
    await ctx.tables.update(
      table.id,
      {
        title: body.title,
        table_name: physical,
        description: body.description,
        order: body.order,
        meta: body.meta === undefined ? undefined : metaOf({ meta: body.meta, title: table.title }),
      },
      s.meta,
    );
  });
  return ctx.meta.getTable(table.id);
}

/** Drops the table, its fields and views, and every link other tables had to it. */
export async function deleteTable(ctx: AppContext, table: TableRecord): Promise<void> {
  const source = await sourceFor(ctx, table.base_id, table.source_id);
  await inMetaChange(ctx, source, async (s) => {
    await dropLinksToTable(ctx, s, table.id);
    await ctx.tables.delete(table.id, s.meta);
    // A table read in from a database view (a saved SQL page query) is dropped as a view.
    if (table.type === 'view') await s.data.schema.dropView(table.table_name);
    else await dropTable(s.data, table.table_name);
  });
}

export async function reorderTable(ctx: AppContext, table: TableRecord, order: number): Promise<void> {
  await ctx.tables.update(table.id, { order });
}

/** A table by id with a 404 when missing. */
export async function tableOr404(ctx: AppContext, tableId: string): Promise<TableRecord> {
  const t = await ctx.tables.byId(tableId);
  if (!t) throw notFound(`Table '${tableId}' not found`);
  return t;
}
