/**
 * Link fields: hm/bt put a foreign-key column on the child table, mm a junction table; both tables get a
 * field (Links on the has-many / many-to-many sides, LinkToAnotherRecord on the belongs-to side) whose
 * colOptions follow core `LinkOptions`. Deleting either side removes both, their lookups and rollups, and
 * the foreign key or junction table.
 */
import { isLink } from '@rowbase/core/fields/ui-types';
import { isForeignKeyType } from '@rowbase/core/fields/traits';
import type { ColumnBody } from '@rowbase/core/api/columns';
import type { ColumnMeta, LinkOptions, LookupOptions, RollupOptions } from '@rowbase/core/api/meta';
import { badRequest } from '@rowbase/core/errors';
import {
  linkOptions,
  lookupOptions as storedLookup,
  optionsKindOf,
  rollupOptions as storedRollup,
} from '@rowbase/core/fields/col-options';
import type { Knex } from 'knex';
import type { AppContext } from '../context.js';
import { newId } from '../meta/ids.js';
import type { NewColumn } from '../meta/repos/columns.js';
import { addColumn, addIndex, dropColumn, dropTable } from '../sources/ddl.js';
import { columnTypeSql } from '../sources/column-spec.js';
import { checkModelOf } from '../data/computed/attach.js';
import { checkRollupFunction } from '../data/computed/field-checks.js';
import { checkTitle } from './columns-build.js';
import type { ChangeScope } from './tables-change.js';
import type { FullTable } from './tables-meta.js';
import { toIdentifier, uniqueName } from './tables-naming.js';

const pkOf = (t: FullTable): ColumnMeta => {
  const pk = t.columns.find((c) => c.pk);
  if (!pk) throw badRequest(`Table '${t.title}' has no primary key, so it cannot be linked`);
  return pk;
};

function fkColumn(child: FullTable, parent: FullTable, name: string, rqd = false): NewColumn {
  const pk = pkOf(parent);
  return {
    fk_model_id: child.id,
    base_id: child.base_id,
    source_id: child.source_id,
    column_name: name,
    title: uniqueName(
      name,
      child.columns.map((c) => c.title),
    ),
    uidt: 'ForeignKey',
    dt: pk.dt === 'serial' ? 'integer' : (pk.dt ?? 'integer'),
    dtxp: /char/i.test(pk.dt ?? '') ? pk.dtxp : null,
    dtxs: null,
    pk: false,
    pv: false,
    rqd,
    un: pk.un,
    ai: false,
    au: false,
    system: true,
    order: child.columns.length + 1,
    altered: 1,
  };
}

function linkField(
  table: FullTable,
  title: string,
  uidt: 'Links' | 'LinkToAnotherRecord',
  options: LinkOptions,
  order: number,
  id = newId('column'),
): NewColumn & { id: string } {
  return {
    id,
    fk_model_id: table.id,
    base_id: table.base_id,
    source_id: table.source_id,
    column_name: null,
    title,
    uidt,
    pk: false,
    pv: false,
    rqd: false,
    un: false,
    ai: false,
    system: false,
    colOptions: { ...options, fk_column_id: id },
    order,
    altered: 1,
  };
}

/** Creates both sides of a link from `table` (the column's table) to `body.childId`. Returns the new column id. */
export async function createLink(
  ctx: AppContext,
  s: ChangeScope,
  table: FullTable,
  body: ColumnBody,
): Promise<string> {
  const title = body.title ?? '';
  checkTitle(title);
  const type = body.type ?? 'hm';
  if (type === 'oo') throw badRequest('One-to-one links are not supported; use hm, bt or mm');
  if (body.parentId && body.parentId !== table.id)
    throw badRequest('parentId must be the table the field is added to');
  const relatedId = body.childId;
  if (!relatedId) throw badRequest('childId is required for a link field');
  const related = relatedId === table.id ? table : await ctx.meta.findTable(relatedId, s.meta);
  if (!related || related.base_id !== table.base_id)
    throw badRequest(`Table '${relatedId}' not found in this base`);
  if (related.source_id !== table.source_id)
    throw badRequest('Links between tables of different sources are not supported');
  const uidt = isLink(body.uidt) ? body.uidt : 'Links';
  const myTitle = uniqueName(
    title,
    table.columns.map((c) => c.title),
  );
  const otherTitleBase = relatedId === table.id ? `${table.title}_related` : table.title;
  const otherTitle = uniqueName(otherTitleBase, [...related.columns.map((c) => c.title), myTitle]);
  const myId = newId('column');
  const otherId = newId('column');

  if (type === 'hm' || type === 'bt') {
    const parent = type === 'hm' ? table : related;
    const child = type === 'hm' ? related : table;
    const fkName = uniqueName(
      `${toIdentifier(parent.title, 'parent')}_id`.slice(0, 60),
      child.columns.map((c) => c.column_name ?? ''),
    );
    const fk = fkColumn(child, parent, fkName);
    const fkId = await ctx.columns.insert(fk, s.meta);
    await addColumn(s.data, s.dialect, child.table_name, {
      column_name: fkName,
      dt: fk.dt!,
      dtxp: fk.dtxp,
      un: fk.un,
    });
    s.onRollback(() => dropColumn(ctx.sources.connectionOf(s.source), s.dialect, child.table_name, fkName));
    await addIndex(s.data, child.table_name, fkName);
    const base = { fk_child_column_id: fkId, fk_parent_column_id: pkOf(parent).id, virtual: false };
    const hm = type === 'hm';
    const parentField = linkField(
      parent,
      hm ? myTitle : otherTitle,
      uidt,
      { ...base, type: 'hm', fk_related_model_id: child.id },
      parent.columns.length + 1,
      hm ? myId : otherId,
    );
    const childField = linkField(
      child,
      hm ? otherTitle : myTitle,
      'LinkToAnotherRecord',
      { ...base, type: 'bt', fk_related_model_id: parent.id },
      child.columns.length + 2,
      hm ? otherId : myId,
    );
    await ctx.columns.insert(parentField, s.meta);
    await ctx.columns.insert(childField, s.meta);
    return myId;
  }

  // mm: a junction table holding both primary keys.
  const base = (await ctx.bases.byId(table.base_id, s.meta))!;
  const suffix = newId('column', 8).slice(1);
  const junctionName = `${s.source.is_meta && base.prefix ? `${base.prefix}_` : ''}nc_m2m_${suffix}`;
  const aName = `${toIdentifier(table.title, 'table')}_id`.slice(0, 60);
  const bName = uniqueName(`${toIdentifier(related.title, 'table')}_id`.slice(0, 60), [aName]);
  const junctionId = newId('table');
  const now = Date.now();
  await s.meta('rb_models').insert({
    id: junctionId,
    base_id: table.base_id,
    source_id: table.source_id,
    table_name: junctionName,
    title: junctionName,
    type: 'table',
    mm: true,
    created_at: now,
    updated_at: now,
  });
  s.changes.publish(
    { type: 'table.changed', action: 'created', baseId: table.base_id, tableId: junctionId },
    s.meta,
  );
  const junction: FullTable = {
    ...table,
    id: junctionId,
    table_name: junctionName,
    title: junctionName,
    mm: true,
    columns: [],
  };
  const aCol = { ...fkColumn(junction, table, aName, true), pk: true };
  const bCol = { ...fkColumn(junction, related, bName, true), pk: true, order: 2 };
  const aId = await ctx.columns.insert(aCol, s.meta);
  const bId = await ctx.columns.insert(bCol, s.meta);
  await s.data.schema.createTable(junctionName, (t) => {
    t.specificType(
      aName,
      columnTypeSql(s.dialect, { column_name: aName, dt: aCol.dt!, dtxp: aCol.dtxp, un: aCol.un }),
    ).notNullable();
    t.specificType(
      bName,
      columnTypeSql(s.dialect, { column_name: bName, dt: bCol.dt!, dtxp: bCol.dtxp, un: bCol.un }),
    ).notNullable();
    t.primary([aName, bName]);
    t.index([bName]);
  });
  s.onRollback(() => dropTable(ctx.sources.connectionOf(s.source), junctionName));
  await ctx.columns.insert(
    linkField(
      table,
      myTitle,
      uidt,
      {
        type: 'mm',
        fk_child_column_id: pkOf(table).id,
        fk_parent_column_id: pkOf(related).id,
        fk_related_model_id: related.id,
        fk_mm_model_id: junctionId,
        fk_mm_child_column_id: aId,
        fk_mm_parent_column_id: bId,
        virtual: false,
      },
      table.columns.length + 1,
      myId,
    ),
    s.meta,
  );
  await ctx.columns.insert(
    linkField(
      related,
      otherTitle,
      uidt,
      {
        type: 'mm',
        fk_child_column_id: pkOf(related).id,
        fk_parent_column_id: pkOf(table).id,
        fk_related_model_id: table.id,
        fk_mm_model_id: junctionId,
        fk_mm_child_column_id: bId,
        fk_mm_parent_column_id: aId,
        virtual: false,
      },
      related.columns.length + 1,
      otherId,
    ),
    s.meta,
  );
  return myId;
}

/** Checks and fills the options of a Lookup or Rollup over one of the table's links. */
export async function lookupOptions(
  ctx: AppContext,
  trx: Knex,
  table: FullTable,
  body: ColumnBody,
): Promise<LookupOptions | RollupOptions> {
  const raw = { ...(body.colOptions ?? {}), ...body } as Record<string, unknown>;
  const relId = raw.fk_relation_column_id as string | undefined;
  const rel = table.columns.find((c) => c.id === relId);
  const relLink = rel && linkOptions(rel);
  if (!rel || !relLink)
    throw badRequest(`fk_relation_column_id must be a link field of table '${table.title}'`);
  const related = await ctx.meta.findTable(relLink.fk_related_model_id, trx);
  const isRollup = optionsKindOf(body.uidt) === 'rollup';
  const targetId = (isRollup ? raw.fk_rollup_column_id : raw.fk_lookup_column_id) as string | undefined;
  const target = related?.columns.find((c) => c.id === targetId);
  if (!target) {
    throw badRequest(
      `${isRollup ? 'fk_rollup_column_id' : 'fk_lookup_column_id'} must be a field of the linked table`,
    );
  }
  if (!isRollup) return { fk_relation_column_id: rel.id, fk_lookup_column_id: target.id };
  const fn = (raw.rollup_function as RollupOptions['rollup_function'] | undefined) ?? 'count';
  if (fn !== 'count') checkRollupFunction(await checkModelOf(ctx, trx, related!.id), target, fn);
  return { fk_relation_column_id: rel.id, fk_rollup_column_id: target.id, rollup_function: fn };
}

/** The other side of a link field, if any. */
async function partnerOf(ctx: AppContext, trx: Knex, col: ColumnMeta): Promise<ColumnMeta | undefined> {
  const o = linkOptions(col);
  if (!o) return undefined;
  const others = await ctx.columns.listByTable(o.fk_related_model_id, trx);
  return others.find((c) => {
    const p = linkOptions(c);
    if (c.id === col.id || !p) return false;
    if (o.type === 'mm') return p.type === 'mm' && p.fk_mm_model_id === o.fk_mm_model_id;
    return p.type !== 'mm' && p.fk_child_column_id === o.fk_child_column_id;
  });
}

/** The fields a lookup or rollup is built on (its link and the field it reads); none for other fields. */
export function builtOn(c: ColumnMeta): string[] {
  const lookup = storedLookup(c);
  if (lookup) return [lookup.fk_relation_column_id, lookup.fk_lookup_column_id].filter(Boolean);
  const rollup = storedRollup(c);
  if (rollup) return [rollup.fk_relation_column_id, rollup.fk_rollup_column_id].filter(Boolean);
  return [];
}

/** Removes fields built on removed columns: lookups/rollups through a link or of a field. */
async function dropDependents(
  ctx: AppContext,
  s: ChangeScope,
  baseId: string,
  removed: Set<string>,
): Promise<void> {
  const all = await ctx.columns.listByBase(baseId, s.meta);
  for (const c of all) {
    if (removed.has(c.id)) continue;
    if (builtOn(c).some((id) => removed.has(id))) {
      await ctx.columns.delete(c.id, s.meta);
      removed.add(c.id);
    }
  }
}

/**
 * Deletes a link field and its partner, their foreign-key column or junction table, and dependent
 * lookups/rollups. `droppingTableId` skips physical work on a table about to be dropped.
 */
export async function deleteLink(
  ctx: AppContext,
  s: ChangeScope,
  col: ColumnMeta,
  droppingTableId?: string,
): Promise<void> {
  const o = linkOptions(col);
  if (!o) throw badRequest(`Field '${col.title}' is not a link field`);
  const partner = await partnerOf(ctx, s.meta, col);
  const removed = new Set<string>([col.id]);
  await ctx.columns.delete(col.id, s.meta);
  if (partner) {
    await ctx.columns.delete(partner.id, s.meta);
    removed.add(partner.id);
  }
  if (o.type === 'mm' && o.fk_mm_model_id) {
    const junction = await ctx.tables.byId(o.fk_mm_model_id, s.meta);
    if (junction) {
      await ctx.tables.delete(junction.id, s.meta);
      await dropTable(s.data, junction.table_name);
    }
  } else {
    const fk = await ctx.columns.byId(o.fk_child_column_id, s.meta);
    if (fk && isForeignKeyType(fk.uidt)) {
      await ctx.columns.delete(fk.id, s.meta);
      removed.add(fk.id);
      const child = await ctx.tables.byId(fk.fk_model_id, s.meta);
      if (child && child.id !== droppingTableId && fk.column_name) {
        await dropColumn(s.data, s.dialect, child.table_name, fk.column_name);
      }
    }
  }
  await dropDependents(ctx, s, col.base_id!, removed);
}

/** Before a table is dropped: remove every link to or from it. */
export async function dropLinksToTable(ctx: AppContext, s: ChangeScope, tableId: string): Promise<void> {
  const table = await ctx.tables.byId(tableId, s.meta);
  if (!table) return;
  const all = await ctx.columns.listByBase(table.base_id, s.meta);
  const seen = new Set<string>();
  for (const c of all) {
    const o = linkOptions(c);
    if (!o || seen.has(c.id)) continue;
    if (c.fk_model_id !== tableId && o.fk_related_model_id !== tableId) continue;
    const still = await ctx.columns.byId(c.id, s.meta);
    if (!still) continue;
    seen.add(c.id);
    await deleteLink(ctx, s, still, tableId);
  }
  const removedOwn = new Set((await ctx.columns.listByTable(tableId, s.meta)).map((c) => c.id));
  await dropDependents(ctx, s, table.base_id, removedOwn);
}
