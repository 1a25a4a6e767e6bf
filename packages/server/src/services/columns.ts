/**
 * Field use cases: add, change (rename, retype, options, flags), delete, display value, hash and bulk.
 * Each runs inside one meta change (see tables-change.ts); `*In` variants take a scope so bulk can chain them.
 */
import { canBeDisplayValue, isForeignKeyType, takesAnyDbType } from '@rowbase/core/fields/traits';
import { createHash } from 'node:crypto';
import type { BulkColumnsBody, ColumnBody } from '@rowbase/core/api/columns';
import type { ColumnMeta, FormulaOptions } from '@rowbase/core/api/meta';
import { formulaOptions as storedFormula, optionsKindOf } from '@rowbase/core/fields/col-options';
import { badRequest, conflict } from '@rowbase/core/errors';
import { columnRuleProblem } from '@rowbase/core/fields/column-rules';
import { FIELD_TYPES } from '@rowbase/core/fields/registry';
import { isLink } from '@rowbase/core/fields/ui-types';
import { isCodeType } from '@rowbase/core/fields/code-options';
import type { AppContext } from '../context.js';
import { columnTypeSql } from '../sources/column-spec.js';
import { addColumn, dropColumn, hasRows, renameColumn } from '../sources/ddl.js';
import { buildNewColumn, checkTitle, dbTypeOf, metaOf, selectOptionsOf, specOf } from './columns-build.js';
import { checkModelOf } from '../data/computed/attach.js';
import {
  checkComputedColumn,
  formulaOptionsChecked,
  probeComputedSql,
} from '../data/computed/field-checks.js';
import { codeOptions, deleteCodesOf } from './columns-codes.js';
import { builtOn, createLink, deleteLink, lookupOptions } from './columns-links.js';
import {
  optionRenames,
  optionsFromValues,
  optionsOf,
  rebuildColumn,
  renameOptionValue,
  renameSelectValues,
} from './columns-retype.js';
import { inMetaChange, type ChangeScope } from './tables-change.js';
import type { FullTable } from './tables-meta.js';
import { sourceFor } from './tables.js';

/**
 * A formula type-checked and compiled over its source (422 with the docs/behaviour/formulas.md message when it is not valid),
 * stored by field id, shown by title (docs/behaviour/formulas.md).
 */
async function formulaOptions(
  ctx: AppContext,
  s: ChangeScope,
  table: FullTable,
  body: ColumnBody,
  selfId?: string,
): Promise<FormulaOptions> {
  const raw = body.formula_raw ?? body.colOptions?.formula_raw ?? body.formula;
  if (typeof raw !== 'string' || !raw.trim()) throw badRequest('formula_raw is required for a Formula field');
  const tables = await ctx.meta.listTables(table.base_id, s.meta);
  const db = ctx.sources.connectionOf(s.source);
  const { options, sql } = formulaOptionsChecked(db, s.dialect, table, tables, raw, selfId);
  await probeComputedSql(s.data, table.table_name, sql);
  return options;
}

/** colOptions of the computed types that only describe themselves (Button, Count). */
function plainOptions(body: ColumnBody): Record<string, unknown> | null {
  const flat: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (k.startsWith('fk_') || k === 'barcode_format') flat[k] = v;
  const merged = { ...flat, ...(body.colOptions ?? {}) };
  return Object.keys(merged).length ? merged : null;
}

export async function addColumnIn(
  ctx: AppContext,
  s: ChangeScope,
  tableId: string,
  body: ColumnBody,
): Promise<string> {
  const table = await ctx.meta.getTable(tableId, s.meta);
  if (isLink(body.uidt)) return createLink(ctx, s, table, body);
  const order = Math.max(0, ...table.columns.map((c) => c.order ?? 0)) + 1;
  const built = buildNewColumn(s.dialect, table, body, order);
  const def = FIELD_TYPES[body.uidt];
  if (def.virtual) {
    const kind = optionsKindOf(body.uidt);
    if (kind === 'lookup' || kind === 'rollup')
      built.meta.colOptions = await lookupOptions(ctx, s.meta, table, body);
    else if (kind === 'formula') built.meta.colOptions = await formulaOptions(ctx, s, table, body);
    else if (isCodeType(body.uidt)) built.meta.colOptions = codeOptions(table, body.uidt, body) as never;
    else built.meta.colOptions = plainOptions(body) as never;
    const id = await ctx.columns.insert(built.meta, s.meta);
    await checkComputedColumn(await checkModelOf(ctx, s.meta, table.id), id);
    return id;
  }
  const spec = built.spec!;
  if (
    spec.rqd &&
    (spec.cdf === null || spec.cdf === undefined) &&
    (await hasRows(s.data, table.table_name))
  ) {
    throw badRequest(
      `Column '${built.meta.title}' is required, so it needs a default value for the existing rows`,
    );
  }
  await addColumn(s.data, s.dialect, table.table_name, spec);
  s.onRollback(() =>
    dropColumn(ctx.sources.connectionOf(s.source), s.dialect, table.table_name, spec.column_name),
  );
  if (built.meta.pv) await s.meta('rb_columns').where({ fk_model_id: table.id }).update({ pv: false });
  return ctx.columns.insert(built.meta, s.meta);
}

/** The changed column as the client asks, merged over the current one. */
export async function updateColumnIn(
  ctx: AppContext,
  s: ChangeScope,
  columnId: string,
  body: Partial<ColumnBody>,
): Promise<void> {
  const old = await ctx.meta.getColumn(columnId, s.meta);
  const table = await ctx.meta.getTable(old.fk_model_id, s.meta);
  const uidt = body.uidt ?? old.uidt;
  const title = body.title ?? old.title;
  checkTitle(title);
  if (table.columns.some((c) => c.id !== old.id && c.title.toLowerCase() === title.toLowerCase())) {
    throw badRequest(`Duplicate column alias '${title}'`);
  }
  const oldDef = FIELD_TYPES[old.uidt];
  const newDef = FIELD_TYPES[uidt];
  const common: Partial<ColumnMeta> = {
    title,
    meta: body.meta === undefined ? undefined : metaOf({ meta: body.meta, title }),
    validate: body.validate === undefined ? undefined : (body.validate as ColumnMeta['validate']),
    pv: body.pv,
  };
  if (isLink(old.uidt) || isLink(uidt)) {
    if (uidt !== old.uidt && !(isLink(uidt) && isLink(old.uidt)))
      throw badRequest('A link field cannot change type; delete it and add a new field');
    await ctx.columns.update(old.id, common, s.meta);
    return;
  }
  // QR codes and barcodes of this field go when it becomes a type they cannot encode.
  if (uidt !== old.uidt) await deleteCodesOf(ctx, s, table, old.id, uidt);
  if (oldDef.virtual || newDef.virtual) {
    if (!oldDef.virtual) {
      await dropColumn(s.data, s.dialect, table.table_name, old.column_name!);
    }
    if (!newDef.virtual) {
      // A computed field becomes a stored one: a new empty column.
      const rest = table.columns.filter((c) => c.id !== old.id);
      const built = buildNewColumn(
        s.dialect,
        { ...table, columns: rest },
        { ...(body as ColumnBody), uidt, title },
        old.order ?? 0,
      );
      await addColumn(s.data, s.dialect, table.table_name, { ...built.spec!, rqd: false });
      await ctx.columns.update(old.id, { ...built.meta, altered: 2 }, s.meta);
      return;
    }
    const merged = { ...(body as ColumnBody), uidt, title };
    const kind = optionsKindOf(uidt);
    const colOptions =
      kind === 'lookup' || kind === 'rollup'
        ? await lookupOptions(ctx, s.meta, table, merged)
        : kind === 'formula'
          ? await formulaOptions(
              ctx,
              s,
              table,
              {
                ...merged,
                formula_raw: merged.formula_raw ?? storedFormula(old)?.formula_raw,
              },
              old.id,
            )
          : isCodeType(uidt)
            ? codeOptions(table, uidt, merged, old)
            : (plainOptions(merged) ?? old.colOptions);
    await ctx.columns.update(
      old.id,
      {
        ...common,
        uidt,
        column_name: null,
        dt: null,
        dtxp: null,
        dtxs: null,
        colOptions: colOptions as never,
      },
      s.meta,
    );
    await checkComputedColumn(await checkModelOf(ctx, s.meta, table.id), old.id);
    return;
  }

  // Stored -> stored.
  const isSelect = optionsKindOf(uidt) === 'select';
  let options = isSelect
    ? body.colOptions?.options || typeof body.dtxp === 'string'
      ? selectOptionsOf(body as ColumnBody)
      : optionsOf(old)
    : [];
  if (isSelect && uidt !== old.uidt) {
    options = await optionsFromValues(s.data, table, old, FIELD_TYPES[uidt].kind === 'multiselect', options);
  }
  const typeChanged = uidt !== old.uidt;
  const renames =
    isSelect && !typeChanged ? optionRenames(optionsOf(old), options) : new Map<string, string>();
  const typeBody: ColumnBody = typeChanged
    ? {
        uidt,
        dt: takesAnyDbType(uidt) ? body.dt : undefined,
        dtxp: body.dtxp !== old.dtxp ? body.dtxp : undefined,
        dtxs: body.dtxs !== old.dtxs ? body.dtxs : undefined,
      }
    : { uidt, dt: body.dt ?? old.dt, dtxp: body.dtxp ?? old.dtxp, dtxs: body.dtxs ?? old.dtxs };
  if (typeChanged && isSelect) typeBody.colOptions = { options: options as never };
  const db = dbTypeOf(
    s.dialect,
    isSelect ? { ...typeBody, colOptions: { options: options as never }, dtxp: undefined } : typeBody,
    options,
  )!;
  const column_name = body.column_name?.trim() ? body.column_name.trim() : old.column_name!;
  if (
    column_name !== old.column_name &&
    table.columns.some((c) => c.id !== old.id && c.column_name?.toLowerCase() === column_name.toLowerCase())
  ) {
    throw badRequest(`Duplicate column name '${column_name}'`);
  }
  const flag = <K extends 'rqd' | 'un' | 'ai' | 'au' | 'unique' | 'pk'>(k: K) =>
    (body[k] === undefined ? old[k] : body[k]) as boolean;
  const next: ColumnMeta = {
    ...old,
    ...(common as object),
    uidt,
    column_name,
    title,
    dt: db.dt,
    dtxp: db.dtxp ?? null,
    dtxs: db.dtxs ?? null,
    rqd: flag('rqd'),
    un: flag('un') && s.dialect === 'mysql',
    ai: flag('ai'),
    au: flag('au'),
    unique: flag('unique') ?? false,
    cdf: body.cdf === undefined ? (old.cdf ?? null) : body.cdf === null ? null : String(body.cdf),
    colOptions: isSelect ? { options } : uidt === old.uidt ? old.colOptions : null,
  } as ColumnMeta;
  const otherAi = table.columns.find((c) => c.ai && c.id !== old.id)?.title;
  const problem = columnRuleProblem(
    s.dialect,
    {
      title,
      dt: next.dt!,
      ai: next.ai && !old.ai ? true : false,
      un: next.un,
      au: next.au && !old.au,
      cdf: next.cdf,
    },
    otherAi,
  );
  if (problem) throw badRequest(problem);
  if (next.ai !== old.ai || next.au !== old.au) next.altered = old.altered ? old.altered : 2;
  else if (!old.altered) next.altered = 2;

  const oldSpec = specOf(old)!;
  const newSpec = specOf(next)!;
  const typeSql = (sp: typeof oldSpec) => columnTypeSql(s.dialect, sp);
  const physicalChange =
    typeChanged ||
    typeSql(oldSpec) !== typeSql(newSpec) ||
    oldSpec.rqd !== newSpec.rqd ||
    (oldSpec.cdf ?? null) !== (newSpec.cdf ?? null) ||
    !!oldSpec.unique !== !!newSpec.unique ||
    !!oldSpec.au !== !!newSpec.au;
  if (old.pk && physicalChange && typeChanged) throw badRequest('The primary key cannot change type');
  if (physicalChange && !old.pk) {
    await rebuildColumn(s, table, old, next, newSpec, (v) =>
      renameOptionValue(v, renames, FIELD_TYPES[uidt].kind === 'multiselect'),
    );
  } else {
    if (renames.size)
      await renameSelectValues(s, table, old, renames, FIELD_TYPES[uidt].kind === 'multiselect');
    if (column_name !== old.column_name) {
      await renameColumn(s.data, s.dialect, table.table_name, old.column_name!, column_name);
    }
  }
  if (next.pv && !old.pv) await s.meta('rb_columns').where({ fk_model_id: table.id }).update({ pv: false });
  const { id: _id, fk_model_id: _m, base_id: _b, source_id: _s, ...patch } = next;
  await ctx.columns.update(old.id, patch, s.meta);
}

export async function deleteColumnIn(ctx: AppContext, s: ChangeScope, columnId: string): Promise<void> {
  const col = await ctx.meta.getColumn(columnId, s.meta);
  if (isLink(col.uidt)) return deleteLink(ctx, s, col);
  if (col.pk) throw badRequest('The primary key cannot be deleted');
  if (isForeignKeyType(col.uidt)) throw badRequest('A foreign key is deleted with its link field');
  const table = await ctx.tables.byId(col.fk_model_id, s.meta);
  await ctx.columns.delete(col.id, s.meta);
  // Lookups, rollups, QR codes and barcodes of this field go with it.
  const all = await ctx.columns.listByBase(col.base_id!, s.meta);
  await deleteCodesOf(ctx, s, { columns: all }, col.id);
  for (const c of all) {
    if (builtOn(c).includes(col.id)) {
      await ctx.columns.delete(c.id, s.meta);
    }
  }
  if (!FIELD_TYPES[col.uidt].virtual && col.column_name && table) {
    await dropColumn(s.data, s.dialect, table.table_name, col.column_name);
  }
  if (col.pv) {
    const next = (await ctx.columns.listByTable(col.fk_model_id, s.meta)).find(
      (c) => !c.pk && !FIELD_TYPES[c.uidt].virtual,
    );
    if (next) await ctx.columns.setPrimaryValue(col.fk_model_id, next.id, s.meta);
  }
}

async function withTable<T>(
  ctx: AppContext,
  tableId: string,
  fn: (s: ChangeScope) => Promise<T>,
): Promise<T> {
  const table = await ctx.meta.getTable(tableId);
  const source = await sourceFor(ctx, table.base_id, table.source_id);
  return inMetaChange(ctx, source, fn);
}

export async function addColumn_(ctx: AppContext, tableId: string, body: ColumnBody): Promise<string> {
  return withTable(ctx, tableId, (s) => addColumnIn(ctx, s, tableId, body));
}

export async function updateColumn(
  ctx: AppContext,
  columnId: string,
  body: Partial<ColumnBody>,
): Promise<string> {
  const col = await ctx.meta.getColumn(columnId);
  await withTable(ctx, col.fk_model_id, (s) => updateColumnIn(ctx, s, columnId, body));
  return col.fk_model_id;
}

export async function deleteColumn(ctx: AppContext, columnId: string): Promise<string> {
  const col = await ctx.meta.getColumn(columnId);
  await withTable(ctx, col.fk_model_id, (s) => deleteColumnIn(ctx, s, columnId));
  return col.fk_model_id;
}

export async function setPrimaryValue(ctx: AppContext, columnId: string): Promise<void> {
  const col = await ctx.meta.getColumn(columnId);
  if (!canBeDisplayValue(col.uidt)) {
    throw badRequest(`A ${col.uidt} field cannot be the display value`);
  }
  await ctx.columns.setPrimaryValue(col.fk_model_id, col.id);
}

/** A hash of a table's fields, so bulk changes can refuse to apply over someone else's edit. */
export async function columnsHash(ctx: AppContext, tableId: string): Promise<string> {
  const table = await ctx.meta.getTable(tableId);
  const h = createHash('sha1');
  for (const c of table.columns) h.update(JSON.stringify(c));
  return h.digest('hex');
}

/** Applies add/update/delete operations in order, all or nothing where the engine allows. */
export async function bulkColumns(ctx: AppContext, tableId: string, body: BulkColumnsBody): Promise<void> {
  if (body.hash && body.hash !== (await columnsHash(ctx, tableId))) {
    throw conflict('The fields of this table changed since you loaded them; reload and try again');
  }
  await withTable(ctx, tableId, async (s) => {
    for (const [i, op] of body.ops.entries()) {
      const where = `ops[${i}]`;
      if (op.op === 'add') {
        if (!op.column.uidt) throw badRequest(`${where}: column.uidt is required`);
        await addColumnIn(ctx, s, tableId, op.column as ColumnBody);
      } else {
        if (!op.column.id) throw badRequest(`${where}: column.id is required`);
        const col = await ctx.meta.getColumn(op.column.id, s.meta);
        if (col.fk_model_id !== tableId)
          throw badRequest(`${where}: column '${op.column.id}' is not a field of this table`);
        if (op.op === 'update') await updateColumnIn(ctx, s, op.column.id, op.column);
        else await deleteColumnIn(ctx, s, op.column.id);
      }
    }
  });
}

/** Copies a field (with its values for stored types) as "<title> copy". */
export async function duplicateColumn(ctx: AppContext, columnId: string): Promise<string> {
  const col = await ctx.meta.getColumn(columnId);
  if (isLink(col.uidt) || col.pk || isForeignKeyType(col.uidt))
    throw badRequest(`A ${col.uidt} field cannot be duplicated`);
  return withTable(ctx, col.fk_model_id, async (s) => {
    const body: ColumnBody = {
      ...(col as unknown as ColumnBody),
      id: undefined,
      title: `${col.title} copy`,
      column_name: col.column_name ? `${col.column_name}_copy` : undefined,
      pv: false,
      ai: false,
      pk: false,
      rqd: false,
      unique: false,
      meta: col.meta ?? undefined,
      colOptions: (col.colOptions as never) ?? undefined,
      ...((col.colOptions ?? {}) as object),
      cdf: col.cdf ?? undefined,
      dtxp: col.dtxp ?? undefined,
      dtxs: col.dtxs ?? undefined,
      dt: col.dt ?? undefined,
      validate: col.validate ?? undefined,
    } as ColumnBody;
    const id = await addColumnIn(ctx, s, col.fk_model_id, body);
    const copy = await ctx.meta.getColumn(id, s.meta);
    if (copy.column_name && col.column_name) {
      const table = (await ctx.tables.byId(col.fk_model_id, s.meta))!;
      await s.data(table.table_name).update({ [copy.column_name]: s.data.ref(col.column_name) as never });
    }
    return id;
  });
}
