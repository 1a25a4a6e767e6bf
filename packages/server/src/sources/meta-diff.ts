/**
 * Meta diff: what changed in a source's database since Rowbase last read it (tables, columns, types,
 * foreign keys), and applying it to the meta. Only meta changes here — never DDL on the user's database.
 */
import { isDisplayCandidate, isPrimaryKeyType } from '@rowbase/core/fields/traits';
import { linkOptions, optionsKindOf } from '@rowbase/core/fields/col-options';
import type { ColumnMeta, LinkOptions, SelectOption } from '@rowbase/core/api/meta';
import type { Dialect } from '@rowbase/core/fields/field-type';
import { parseOptionList } from '@rowbase/core/fields/column-rules';
import type { Knex } from 'knex';
import type { AppContext } from '../context.js';
import { newId } from '../meta/ids.js';
import type { NewColumn } from '../meta/repos/columns.js';
import type { BaseRecord } from '../meta/repos/bases.js';
import type { SourceRecord } from '../meta/repos/sources.js';
import type { FullTable } from '../services/tables-meta.js';
import type { IntrospectedColumn, IntrospectedTable } from './introspected.js';
import { introspectMysql } from './mysql/introspect.js';
import { introspectPg } from './pg/introspect.js';
import { introspectSqlite } from './sqlite/introspect.js';
import { uidtOf } from './type-map.js';

export type ChangeType =
  | 'TABLE_NEW'
  | 'TABLE_REMOVE'
  | 'TABLE_COLUMN_ADD'
  | 'TABLE_COLUMN_REMOVE'
  | 'TABLE_COLUMN_TYPE_CHANGE'
  | 'TABLE_RELATION_ADD';

export interface DetectedChange {
  type: ChangeType;
  msg: string;
  column?: string;
}

export interface DiffEntry {
  table_name: string;
  base_id: string;
  source_id: string;
  type: 'table';
  title: string;
  detectedChanges: DetectedChange[];
}

/** Reads a source's tables; in the default source only this base's (prefixed) tables count. */
export async function introspectSource(
  ctx: AppContext,
  base: BaseRecord,
  source: SourceRecord,
): Promise<IntrospectedTable[]> {
  const knex = ctx.sources.connectionOf(source);
  const dialect = ctx.sources.dialectOf(source);
  const schema = source.is_meta ? undefined : ctx.sources.configOf(source).searchPath?.[0];
  const all = await introspectWith(knex, dialect, schema);
  if (!source.is_meta) return all;
  return all.filter((t) => base.prefix && t.name.startsWith(base.prefix));
}

async function introspectWith(knex: Knex, dialect: Dialect, schema?: string): Promise<IntrospectedTable[]> {
  switch (dialect) {
    case 'sqlite':
      return introspectSqlite(knex);
    case 'pg':
      return introspectPg(knex, schema ?? 'public');
    case 'mysql':
      return introspectMysql(knex);
    default:
      return [];
  }
}

const fkSet = (t: IntrospectedTable) => new Set(t.foreignKeys.map((f) => f.column));

export async function metaDiff(
  ctx: AppContext,
  base: BaseRecord,
  source: SourceRecord,
): Promise<DiffEntry[]> {
  const dialect = ctx.sources.dialectOf(source);
  const db = await introspectSource(ctx, base, source);
  const meta = (await ctx.meta.listTables(base.id)).filter((t) => t.source_id === source.id);
  const out: DiffEntry[] = [];
  const entry = (name: string, title: string): DiffEntry => ({
    table_name: name,
    base_id: base.id,
    source_id: source.id,
    type: 'table',
    title,
    detectedChanges: [],
  });
  for (const t of db) {
    const m = meta.find((x) => x.table_name === t.name);
    const e = entry(t.name, m?.title ?? t.name);
    if (!m) {
      e.detectedChanges.push({ type: 'TABLE_NEW', msg: 'New table' });
    } else {
      const fks = fkSet(t);
      for (const c of t.columns) {
        const mc = m.columns.find((x) => x.column_name === c.name);
        if (!mc)
          e.detectedChanges.push({ type: 'TABLE_COLUMN_ADD', msg: `New column (${c.name})`, column: c.name });
        else if (!sameDt(mc.dt, c.dt) && !isPrimaryKeyType(mc.uidt)) {
          e.detectedChanges.push({
            type: 'TABLE_COLUMN_TYPE_CHANGE',
            msg: `Column type changed (${c.name})`,
            column: c.name,
          });
        }
      }
      for (const mc of m.columns) {
        if (mc.column_name && !t.columns.some((c) => c.name === mc.column_name)) {
          e.detectedChanges.push({
            type: 'TABLE_COLUMN_REMOVE',
            msg: `Column removed (${mc.column_name})`,
            column: mc.column_name,
          });
        }
      }
      for (const f of t.foreignKeys) {
        if (!hasLinkFor(m, f.column)) {
          e.detectedChanges.push({
            type: 'TABLE_RELATION_ADD',
            msg: `New relation added (${f.column} -> ${f.refTable})`,
            column: f.column,
          });
        }
      }
      void fks;
      void dialect;
    }
    if (e.detectedChanges.length) out.push(e);
  }
  for (const m of meta) {
    if (!db.some((t) => t.name === m.table_name)) {
      const e = entry(m.table_name, m.title);
      e.detectedChanges.push({ type: 'TABLE_REMOVE', msg: 'Table removed' });
      out.push(e);
    }
  }
  return out;
}

const DT_SYNONYMS: Record<string, string> = {
  'timestamp without time zone': 'timestamp',
  'time without time zone': 'time',
  numeric: 'decimal',
  int: 'integer',
  int4: 'integer',
  int8: 'bigint',
  int2: 'smallint',
  bool: 'boolean',
  'character varying': 'varchar',
  float8: 'double precision',
  serial: 'integer',
  bigserial: 'bigint',
  // MariaDB reports JSON columns as longtext (JSON is an alias there).
  json: 'longtext',
};
const canonicalDt = (dt: string | null | undefined) => {
  const t = (dt ?? '').trim().toLowerCase();
  return DT_SYNONYMS[t] ?? t;
};
/** Whether the meta type and the database type name the same thing (pg reports long names). */
export const sameDt = (a: string | null | undefined, b: string | null | undefined) =>
  canonicalDt(a) === canonicalDt(b);

function hasLinkFor(table: FullTable, fkColumnName: string): boolean {
  const fk = table.columns.find((c) => c.column_name === fkColumnName);
  return !!fk && table.columns.some((c) => linkOptions(c)?.fk_child_column_id === fk.id);
}

function columnMeta(
  dialect: Dialect,
  table: { id: string; base_id: string; source_id: string },
  c: IntrospectedColumn,
  isFk: boolean,
  order: number,
): NewColumn {
  const uidt = uidtOf(dialect, c, isFk);
  const options: SelectOption[] =
    optionsKindOf(uidt) === 'select'
      ? parseOptionList(c.dtxp ?? '').map((title, i) => ({ title, order: i + 1 }))
      : [];
  return {
    fk_model_id: table.id,
    base_id: table.base_id,
    source_id: table.source_id,
    column_name: c.name,
    title: c.name,
    uidt,
    dt: c.dt,
    dtxp: c.dtxp,
    dtxs: c.dtxs,
    pk: c.pk,
    pv: false,
    rqd: c.rqd,
    un: c.un,
    ai: c.ai,
    au: false,
    system: isFk,
    cdf: c.cdf,
    colOptions: options.length ? { options } : null,
    order,
    altered: 0,
  };
}

/** Applies the diff to the meta: new tables and columns read in, removed ones dropped, new FKs linked. */
export async function applyMetaDiff(ctx: AppContext, base: BaseRecord, source: SourceRecord): Promise<void> {
  const dialect = ctx.sources.dialectOf(source);
  const db = await introspectSource(ctx, base, source);
  await ctx.db.transaction(async (trx) => {
    const meta = (await ctx.meta.listTables(base.id, trx)).filter((t) => t.source_id === source.id);
    let order = await ctx.tables.nextOrder(base.id, trx);
    for (const m of meta) {
      if (!db.some((t) => t.name === m.table_name)) await removeTableMeta(ctx, trx, base.id, m.id);
    }
    for (const t of db) {
      const fks = fkSet(t);
      const m = meta.find((x) => x.table_name === t.name);
      if (!m) {
        const title = source.is_meta && base.prefix ? t.name.slice(base.prefix.length + 1) || t.name : t.name;
        await registerTable(ctx, trx, { base, source, table: t, title, order: order++ });
        continue;
      }
      for (const [i, c] of t.columns.entries()) {
        const mc = m.columns.find((x) => x.column_name === c.name);
        if (!mc)
          await ctx.columns.insert(columnMeta(dialect, m, c, fks.has(c.name), m.columns.length + i + 1), trx);
        else if (!sameDt(mc.dt, c.dt) && !isPrimaryKeyType(mc.uidt)) {
          const fresh = columnMeta(dialect, m, c, fks.has(c.name), mc.order ?? 0);
          await ctx.columns.update(
            mc.id,
            { uidt: fresh.uidt, dt: c.dt, dtxp: c.dtxp, dtxs: c.dtxs, colOptions: fresh.colOptions },
            trx,
          );
        }
      }
      for (const mc of m.columns) {
        if (mc.column_name && !t.columns.some((c) => c.name === mc.column_name))
          await ctx.columns.delete(mc.id, trx);
      }
    }
    await linkForeignKeys(ctx, trx, base.id, source.id, db);
  });
}

/**
 * Reads one introspected table (or database view) into the meta: its fields, a display field and a
 * default grid. Returns the new table's id.
 */
export async function registerTable(
  ctx: AppContext,
  trx: Knex,
  p: { base: BaseRecord; source: SourceRecord; table: IntrospectedTable; title: string; order: number },
): Promise<string> {
  const { base, source, table: t, title } = p;
  const dialect = ctx.sources.dialectOf(source);
  const fks = fkSet(t);
  const id = await ctx.tables.insert(
    { base_id: base.id, source_id: source.id, table_name: t.name, title, order: p.order, type: t.type },
    trx,
  );
  const scope = { id, base_id: base.id, source_id: source.id };
  const cols = t.columns.map((c, i) => columnMeta(dialect, scope, c, fks.has(c.name), i + 1));
  const pv = cols.find((c) => !c.pk && isDisplayCandidate(c.uidt));
  if (pv) pv.pv = true;
  for (const c of cols) await ctx.columns.insert(c, trx);
  await ctx.tableViews.insertDefaultGrid({ id, base_id: base.id, source_id: source.id, title }, trx);
  return id;
}

/** Removes a table's meta and every field elsewhere that pointed at it (meta only). */
async function removeTableMeta(ctx: AppContext, trx: Knex, baseId: string, tableId: string): Promise<void> {
  const own = new Set((await ctx.columns.listByTable(tableId, trx)).map((c) => c.id));
  for (const c of await ctx.columns.listByBase(baseId, trx)) {
    if (c.fk_model_id === tableId) continue;
    const refs = Object.entries((c.colOptions ?? {}) as Record<string, unknown>)
      .filter(([k]) => k.startsWith('fk_') && k !== 'fk_column_id')
      .map(([, v]) => v);
    if (refs.includes(tableId) || refs.some((r) => typeof r === 'string' && own.has(r)))
      await ctx.columns.delete(c.id, trx);
  }
  await ctx.tables.delete(tableId, trx);
}

/** Every foreign key without a link gets a has-many field on the parent and a belongs-to on the child. */
async function linkForeignKeys(
  ctx: AppContext,
  trx: Knex,
  baseId: string,
  sourceId: string,
  db: IntrospectedTable[],
): Promise<void> {
  const tables = (await ctx.meta.listTables(baseId, trx)).filter((t) => t.source_id === sourceId);
  for (const t of db) {
    const child = tables.find((x) => x.table_name === t.name);
    if (!child) continue;
    for (const f of t.foreignKeys) {
      const parent = tables.find((x) => x.table_name === f.refTable);
      const fkCol = child.columns.find((c) => c.column_name === f.column);
      const refCol = parent?.columns.find((c) => c.column_name === f.refColumn);
      if (!parent || !fkCol || !refCol || hasLinkFor(child, f.column)) continue;
      const hmId = newId('column');
      const btId = newId('column');
      const opts = { fk_child_column_id: fkCol.id, fk_parent_column_id: refCol.id, virtual: false };
      const field = (
        table: FullTable,
        id: string,
        title: string,
        uidt: 'Links' | 'LinkToAnotherRecord',
        o: LinkOptions,
      ): NewColumn => ({
        id,
        fk_model_id: table.id,
        base_id: baseId,
        source_id: sourceId,
        column_name: null,
        title: uniqueTitle(table.columns, title),
        uidt,
        pk: false,
        pv: false,
        rqd: false,
        un: false,
        ai: false,
        system: false,
        colOptions: { ...o, fk_column_id: id },
        order: table.columns.length + 1,
        altered: 0,
      });
      const hm = field(parent, hmId, child.title, 'Links', {
        ...opts,
        type: 'hm',
        fk_related_model_id: child.id,
      });
      const bt = field(child, btId, parent.title, 'LinkToAnotherRecord', {
        ...opts,
        type: 'bt',
        fk_related_model_id: parent.id,
      });
      await ctx.columns.insert(hm, trx);
      await ctx.columns.insert(bt, trx);
      parent.columns.push({ ...hm, id: hmId } as ColumnMeta);
      child.columns.push({ ...bt, id: btId } as ColumnMeta);
    }
  }
}

function uniqueTitle(columns: ColumnMeta[], title: string): string {
  const taken = new Set(columns.map((c) => c.title.toLowerCase()));
  if (!taken.has(title.toLowerCase())) return title;
  for (let i = 1; ; i++) if (!taken.has(`${title}_${i}`.toLowerCase())) return `${title}_${i}`;
}
