/**
 * Linking records through a link field, with NocoDB's semantics: has-many sets the children's foreign key,
 * belongs-to sets the record's own foreign key (one parent), many-to-many writes junction rows. Every
 * request runs in one transaction after checking the record and every target exist; lists of linked and
 * not-yet-linked records are row pages of the related table restricted to that subset.
 */
import { linkOptions } from '@rowbase/core/fields/col-options';
import type { LinkOptions } from '@rowbase/core/api/meta';
import { badRequest, notFound } from '@rowbase/core/errors';
import type { Knex } from 'knex';
import type { ChangePublisher } from '../changes/change-feed.js';
import type { RowId } from '../changes/change-events.js';
import type { DataCache } from '../data/data-cache.js';
import { RowReader, pkValue, type PageQuery, type RowSubset } from '../data/row-query.js';
import type { FieldModel, StoredField, TableModel } from '../data/table-model.js';

export interface LinkScope {
  db: Knex;
  cache: DataCache;
  /** Where committed link changes are published. */
  changes: ChangePublisher;
  model: TableModel;
  field: FieldModel;
  options: LinkOptions;
  related: TableModel;
}

/** The physical names a link writes through. */
interface LinkColumns {
  /** hm/bt: the child table and its foreign key. */
  child?: { table: string; fk: string; pk: string };
  /** mm: the junction table, its column holding this table's key and the one holding the related key. */
  junction?: { table: string; mine: string; theirs: string; tableId: string };
}

function nameOf(model: TableModel, columnId: string): string {
  const f = model.fields.find((x) => x.column.id === columnId);
  if (!f?.name) throw badRequest(`Link column ${columnId} is missing from table '${model.title}'`);
  return f.name;
}

function requirePk(model: TableModel): StoredField {
  if (!model.pk) throw badRequest(`Table '${model.title}' has no primary key`);
  return model.pk;
}

/** The link field `key` (id, title) of `model`: 404 when unknown, 400 when it is not a link. */
export function linkScopeOf(
  db: Knex,
  deps: { cache: DataCache; changes: ChangePublisher },
  model: TableModel,
  key: string,
): LinkScope {
  const field = model.field(key);
  if (!field) throw notFound(`Field '${key}' not found`);
  const options = linkOptions(field.column);
  if (!options) throw badRequest(`Field '${field.title}' is not a link field`);
  const related = model.computed?.tableOf(options.fk_related_model_id);
  if (!related) throw notFound(`Table '${options.fk_related_model_id}' not found`);
  return { db, cache: deps.cache, changes: deps.changes, model, field, options, related };
}

function columnsOf(s: LinkScope): LinkColumns {
  const o = s.options;
  if (o.type === 'mm') {
    const junction = s.model.computed?.tableOf(o.fk_mm_model_id!);
    if (!junction) throw notFound(`Junction table of '${s.field.title}' not found`);
    return {
      junction: {
        table: junction.tableName,
        tableId: junction.id,
        mine: nameOf(junction, o.fk_mm_child_column_id!),
        theirs: nameOf(junction, o.fk_mm_parent_column_id!),
      },
    };
  }
  const child = o.type === 'hm' ? s.related : s.model;
  return {
    child: { table: child.tableName, fk: nameOf(child, o.fk_child_column_id), pk: requirePk(child).name },
  };
}

/** The record's key, checked: 404 "Record 'x' not found". */
async function requireRecord(db: Knex, model: TableModel, id: unknown): Promise<string | number> {
  const pk = requirePk(model);
  const key = pkValue(pk, id);
  const row = await db(model.tableName).where(pk.name, key).first(pk.name);
  if (!row) throw notFound(`Record '${String(id)}' not found`);
  return key;
}

/** The targets' keys, checked: 404 naming every id the related table lacks. */
async function requireTargets(
  db: Knex,
  related: TableModel,
  ids: readonly unknown[],
): Promise<(string | number)[]> {
  const pk = requirePk(related);
  const keys = [...new Set(ids.map((id) => pkValue(pk, id)))];
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = (await db(related.tableName)
      .whereIn(pk.name, keys.slice(i, i + 500))
      .select(pk.name)) as Record<string, unknown>[];
    for (const r of rows) found.add(String(r[pk.name]));
  }
  const missing = keys.filter((k) => !found.has(String(k)));
  if (missing.length) {
    throw notFound(
      `Record${missing.length > 1 ? 's' : ''} '${missing.join(', ')}' not found in table '${related.title}'`,
    );
  }
  return keys;
}

/** Keys of the related records currently linked to `row`. */
async function linkedKeys(db: Knex, s: LinkScope, row: string | number): Promise<string[]> {
  const c = columnsOf(s);
  let rows: Record<string, unknown>[];
  if (c.junction)
    rows = await db(c.junction.table).where(c.junction.mine, row).select({ k: c.junction.theirs });
  else if (s.options.type === 'hm')
    rows = await db(c.child!.table).where(c.child!.fk, row).select({ k: c.child!.pk });
  else
    rows = await db(c.child!.table)
      .where(c.child!.pk, row)
      .whereNotNull(c.child!.fk)
      .select({ k: c.child!.fk });
  return rows.map((r) => String(r.k));
}

export interface LinkWriteOptions {
  /** v1 single-record calls: linking what is linked, or unlinking what is not, is a 400. */
  strict?: boolean;
}

/**
 * Links `targets` (keys of the related table) to the record `rowId`.
 * @example await linkRecords(scope, 1, [4, 5]) // hm: children 4 and 5 now belong to record 1
 */
export async function linkRecords(
  s: LinkScope,
  rowId: unknown,
  targets: readonly unknown[],
  opts: LinkWriteOptions = {},
) {
  if (s.options.type === 'bt' && targets.length > 1)
    throw badRequest(`Field '${s.field.title}' links to one parent record; got ${targets.length}`);
  const done = await s.db.transaction(async (trx) => {
    const row = await requireRecord(trx, s.model, rowId);
    const keys = await requireTargets(trx, s.related, targets);
    const already = new Set(await linkedKeys(trx, s, row));
    const dup = keys.filter((k) => already.has(String(k)));
    if (opts.strict && dup.length)
      throw badRequest(
        `Record '${dup.join(', ')}' is already linked to record '${String(row)}' through '${s.field.title}'`,
      );
    const fresh = keys.filter((k) => !already.has(String(k)));
    const c = columnsOf(s);
    if (c.junction) {
      const { table, mine, theirs } = c.junction;
      for (let i = 0; i < fresh.length; i += 500)
        await trx(table).insert(fresh.slice(i, i + 500).map((k) => ({ [mine]: row, [theirs]: k })));
    } else if (s.options.type === 'hm') {
      if (fresh.length)
        await trx(c.child!.table)
          .whereIn(c.child!.pk, fresh)
          .update({ [c.child!.fk]: row });
    } else if (fresh.length) {
      await trx(c.child!.table)
        .where(c.child!.pk, row)
        .update({ [c.child!.fk]: fresh[0] });
    }
    return { row, keys: fresh };
  });
  published(s, 'linked', done.row, done.keys);
}

/** Unlinks `targets` from the record `rowId` (targets that are not linked are left alone unless strict). */
export async function unlinkRecords(
  s: LinkScope,
  rowId: unknown,
  targets: readonly unknown[],
  opts: LinkWriteOptions = {},
) {
  const done = await s.db.transaction(async (trx) => {
    const row = await requireRecord(trx, s.model, rowId);
    const keys = await requireTargets(trx, s.related, targets);
    const linked = new Set(await linkedKeys(trx, s, row));
    const absent = keys.filter((k) => !linked.has(String(k)));
    if (opts.strict && absent.length)
      throw badRequest(
        `Record '${absent.join(', ')}' is not linked to record '${String(row)}' through '${s.field.title}'`,
      );
    const present = keys.filter((k) => linked.has(String(k)));
    if (!present.length) return { row, keys: present };
    const c = columnsOf(s);
    if (c.junction) {
      await trx(c.junction.table).where(c.junction.mine, row).whereIn(c.junction.theirs, present).delete();
    } else if (s.options.type === 'hm') {
      await trx(c.child!.table)
        .whereIn(c.child!.pk, present)
        .where(c.child!.fk, row)
        .update({ [c.child!.fk]: null });
    } else {
      await trx(c.child!.table)
        .where(c.child!.pk, row)
        .update({ [c.child!.fk]: null });
    }
    return { row, keys: present };
  });
  published(s, 'unlinked', done.row, done.keys);
}

/** After commit: one event for the write (nothing when nothing changed). */
function published(s: LinkScope, action: 'linked' | 'unlinked', row: string | number, keys: unknown[]): void {
  if (!keys.length) return;
  s.changes.publish({
    type: 'links.changed',
    action,
    baseId: s.model.baseId,
    tableId: s.model.id,
    fieldId: s.field.column.id,
    relatedTableId: s.related.id,
    rowId: row,
    relatedIds: keys as RowId[],
  });
}

/** The related records linked to `rowId` (linked = true) or not yet linked to it (linked = false). */
export function linkSubset(s: LinkScope, row: string | number, linked: boolean): RowSubset {
  const c = columnsOf(s);
  const relatedPk = `${s.related.tableName}.${requirePk(s.related).name}`;
  const key = `link\u0000${s.field.column.id}\u0000${String(row)}\u0000${linked}`;
  const db = s.db;
  if (c.junction) {
    const sub = db(c.junction.table).where(c.junction.mine, row).select(c.junction.theirs);
    return { key, apply: (qb) => void (linked ? qb.whereIn(relatedPk, sub) : qb.whereNotIn(relatedPk, sub)) };
  }
  const { table, fk, pk } = c.child!;
  if (s.options.type === 'hm') {
    const col = `${s.related.tableName}.${fk}`;
    return {
      key,
      apply: (qb) =>
        void (linked ? qb.where(col, row) : qb.where((w) => void w.whereNull(col).orWhere(col, '<>', row))),
    };
  }
  // belongs-to: the parent named by the record's foreign key (never NULL inside the IN list).
  const sub = db(table).where(pk, row).whereNotNull(fk).select(fk);
  return { key, apply: (qb) => void (linked ? qb.whereIn(relatedPk, sub) : qb.whereNotIn(relatedPk, sub)) };
}

/** A page of the related records linked (or not yet linked) to `rowId`. */
export async function listLinked(s: LinkScope, rowId: unknown, q: PageQuery, linked = true) {
  const row = await requireRecord(s.db, s.model, rowId);
  const reader = new RowReader(s.db, s.related, s.cache);
  return reader.page({ ...q, within: linkSubset(s, row, linked) });
}
