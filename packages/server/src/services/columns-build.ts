/**
 * From a NocoDB column body to what Rowbase stores: the meta row and, for stored types, the physical column
 * spec with the dialect's default type (docs/behaviour/limits.md) and the column rules of docs/behaviour/fields.md applied.
 */
import { isPrimaryKeyType, takesAnyDbType } from '@rowbase/core/fields/traits';
import { optionsKindOf } from '@rowbase/core/fields/col-options';
import { randomBytes } from 'node:crypto';
import type { ColumnBody } from '@rowbase/core/api/columns';
import type { ColumnMeta, SelectOption } from '@rowbase/core/api/meta';
import { badRequest } from '@rowbase/core/errors';
import {
  canAutoUpdate,
  canBeUnsigned,
  columnRuleProblem,
  parseOptionList,
  selectDbType,
  takesLength,
  takesScale,
} from '@rowbase/core/fields/column-rules';
import type { DbType, Dialect } from '@rowbase/core/fields/field-type';
import { FIELD_TYPES } from '@rowbase/core/fields/registry';
import { ROW_ORDER_COLUMN } from '@rowbase/core/fields/row-order';
import type { UIType } from '@rowbase/core/fields/ui-types';
import type { ColumnSpec } from '../sources/column-spec.js';
import { isKnownDt } from '../sources/type-map.js';
import type { NewColumn } from '../meta/repos/columns.js';
import { MAX_IDENTIFIER, checkColumnNameLength, toIdentifier, uniqueName } from './tables-naming.js';
import { isNowDefault } from '../sources/column-spec.js';
import { validateCellValue } from '@rowbase/core/fields/validate-cell';

export interface TableScope {
  id: string;
  base_id: string;
  source_id: string;
  columns: ColumnMeta[];
}

export interface BuiltColumn {
  meta: NewColumn;
  /** Null for virtual types. */
  spec: ColumnSpec | null;
}

/** Select fields carry their option list in colOptions (and, on MySQL, in the enum/set type). */
const isSelect = (uidt: UIType) => optionsKindOf(uidt) === 'select';

/** Select options from `colOptions.options`, or a quoted `dtxp` list as older clients send. */
export function selectOptionsOf(body: Pick<ColumnBody, 'colOptions' | 'dtxp'>): SelectOption[] {
  const given = body.colOptions?.options;
  const raw: SelectOption[] = Array.isArray(given)
    ? given.map((o) => ({ ...o, title: String(o.title) }))
    : typeof body.dtxp === 'string' && body.dtxp.includes("'")
      ? parseOptionList(body.dtxp).map((title) => ({ title }))
      : [];
  const seen = new Set<string>();
  return raw
    .filter((o) => {
      if (seen.has(o.title)) return false;
      seen.add(o.title);
      return true;
    })
    .map((o, i) => ({ ...o, id: o.id ?? `sl${randomBytes(7).toString('hex')}`, order: o.order ?? i + 1 }));
}

/** The physical type: the registry default, overridden by a client's dt/dtxp/dtxs where they apply. */
export function dbTypeOf(dialect: Dialect, body: ColumnBody, options: SelectOption[]): DbType | null {
  const def = FIELD_TYPES[body.uidt];
  if (def.virtual) return null;
  if (isSelect(body.uidt)) return selectDbType(dialect, body.uidt, options);
  const base = def.dbType(dialect)!;
  // A client's dt is used when the dialect knows it; a type of another engine (e.g. MySQL `datetime` sent
  // to PostgreSQL) falls back to the default rather than failing in DDL.
  const anyDt = takesAnyDbType(body.uidt);
  const usable = !!body.dt && (anyDt || isKnownDt(dialect, body.dt));
  if (anyDt || (usable && !isPrimaryKeyType(body.uidt))) {
    const dt = body.dt ?? base.dt;
    const sameType = dt.toLowerCase() === base.dt.toLowerCase();
    const dtxp = body.dtxp ?? (sameType ? base.dtxp : null);
    const dtxs = body.dtxs ?? (sameType ? base.dtxs : null);
    return {
      dt,
      dtxp: takesLength(dialect, dt) && dtxp !== '' ? (dtxp ?? null) : null,
      dtxs: takesScale(dialect, dt) && dtxs !== '' ? (dtxs ?? null) : null,
    };
  }
  const dtxp =
    body.dtxp !== undefined && body.dtxp !== null && body.dtxp !== '' && def.props.length
      ? body.dtxp
      : base.dtxp;
  const dtxs =
    body.dtxs !== undefined && body.dtxs !== null && body.dtxs !== '' && def.props.scale
      ? body.dtxs
      : base.dtxs;
  return { dt: base.dt, dtxp: dtxp ?? null, dtxs: dtxs ?? null };
}

export function metaOf(
  body: Pick<ColumnBody, 'meta' | 'title' | 'column_name'>,
): Record<string, unknown> | null {
  if (body.meta === undefined || body.meta === null) return null;
  if (typeof body.meta === 'string') {
    try {
      return JSON.parse(body.meta) as Record<string, unknown>;
    } catch {
      throw badRequest(`meta of column '${body.title ?? body.column_name}' is not valid JSON`);
    }
  }
  return body.meta;
}

/** Checks a field title: not blank, no leading/trailing spaces, at most 255 characters. */
export function checkTitle(title: string, what = 'Column title'): void {
  if (!title.trim()) throw badRequest(`${what} cannot be blank`);
  if (title !== title.trim()) throw badRequest(`${what} cannot start or end with a space`);
  if (title.length > 255) throw badRequest(`${what} must be at most 255 characters`);
}

/**
 * Builds a new column for a table. Titles and column names that are taken get _1, _2... (docs/behaviour/validation.md).
 * Virtual types get no spec; their colOptions are filled by the caller (links, lookups, ...).
 */
export function buildNewColumn(
  dialect: Dialect,
  table: TableScope,
  body: ColumnBody,
  order: number,
): BuiltColumn {
  const def = FIELD_TYPES[body.uidt];
  const rawTitle = body.title ?? body.column_name ?? '';
  checkTitle(rawTitle);
  const title = uniqueName(
    rawTitle,
    table.columns.map((c) => c.title),
  );
  const options = isSelect(body.uidt) ? selectOptionsOf(body) : [];
  const db = dbTypeOf(dialect, body, options);
  let column_name: string | null = null;
  if (db) {
    // A name derived from a long title is cut to fit the engine (with room for a _N suffix).
    const wanted = body.column_name?.trim()
      ? body.column_name.trim()
      : toIdentifier(rawTitle).slice(0, Math.min(60, MAX_IDENTIFIER[dialect] - 4));
    // A `?` would be read as a bound value's place by the SQL layer (docs/behaviour/validation.md, "Names").
    if (!/^[^\0`"[\]?]+$/.test(wanted)) throw badRequest(`Invalid column name '${wanted}'`);
    column_name = uniqueName(
      wanted,
      table.columns.map((c) => c.column_name ?? ''),
    );
    checkColumnNameLength(dialect, column_name);
  }
  const otherAi = table.columns.find((c) => c.ai)?.title;
  const flags = {
    ai: !!body.ai,
    // Unsigned exists on MySQL only; other engines ignore it (docs/behaviour/fields.md: "other engines disable it").
    un: !!body.un && dialect === 'mysql',
    // LastModifiedTime is the auto-updated time by definition.
    au: !!body.au || def.stamp === 'modified',
    pk: !!body.pk,
    rqd: !!body.rqd || !!body.pk,
    unique: !!body.unique,
  };
  if (db) {
    const problem = columnRuleProblem(
      dialect,
      {
        title,
        dt: db.dt,
        ai: flags.ai,
        un: flags.un,
        au: flags.au,
        cdf: body.cdf === undefined ? null : String(body.cdf),
      },
      otherAi,
    );
    if (problem) throw badRequest(problem);
  } else if (flags.ai || flags.pk) {
    throw badRequest(`Column '${title}': a ${body.uidt} field cannot be a key or auto increment`);
  }
  // CreateTime and LastModifiedTime are filled by the database with the current time.
  const cdf = def.stamp
    ? 'CURRENT_TIMESTAMP'
    : body.cdf === undefined || body.cdf === null || (!def.props.defaultValue && !flags.au)
      ? null
      : String(body.cdf);
  if (db && cdf !== null && !isNowDefault(cdf) && !takesAnyDbType(body.uidt)) {
    const checked = validateCellValue(
      { title, uidt: body.uidt, colOptions: isSelect(body.uidt) ? { options } : null },
      cdf,
      dialect,
    );
    if (!checked.ok) throw badRequest(`Invalid default value for column '${title}': ${checked.error}`);
  }
  if (db && flags.unique && dialect === 'mysql' && /text|blob|json|geometry/i.test(db.dt)) {
    throw badRequest(
      `Column '${title}': a unique ${db.dt} column is not supported on MySQL; use SingleLineText`,
    );
  }
  const meta: NewColumn = {
    fk_model_id: table.id,
    base_id: table.base_id,
    source_id: table.source_id,
    column_name,
    title,
    uidt: body.uidt,
    dt: db?.dt ?? null,
    dtx: body.dtx ?? (db ? 'specificType' : null),
    ct: null,
    np: db && takesLength(dialect, db.dt) && !/[',]/.test(String(db.dtxp ?? '')) ? (db.dtxp ?? null) : null,
    ns: db?.dtxs ?? null,
    clen: null,
    dtxp: db?.dtxp ?? null,
    dtxs: db?.dtxs ?? null,
    pk: flags.pk,
    pv: !!body.pv,
    rqd: flags.rqd,
    un: db ? flags.un && canBeUnsigned(dialect, db.dt) : false,
    ai: flags.ai,
    au: db ? flags.au && canAutoUpdate(db.dt) : false,
    unique: flags.unique,
    system: !!body.system,
    cdf,
    meta: metaOf(body),
    validate: (body.validate as ColumnMeta['validate']) ?? null,
    colOptions: isSelect(body.uidt) ? { options } : null,
    order,
    altered: 1,
  };
  const spec: ColumnSpec | null = db
    ? {
        column_name: column_name!,
        dt: db.dt,
        dtxp: db.dtxp,
        dtxs: db.dtxs,
        pk: flags.pk,
        ai: flags.ai,
        un: meta.un,
        au: meta.au,
        rqd: flags.rqd,
        unique: flags.unique,
        cdf,
      }
    : null;
  return { meta, spec };
}

/** The physical spec of an existing column (for DDL that re-creates it). */
export function specOf(c: ColumnMeta): ColumnSpec | null {
  if (!c.column_name || !c.dt || FIELD_TYPES[c.uidt].virtual) return null;
  return {
    column_name: c.column_name,
    dt: c.dt,
    dtxp: c.dtxp,
    dtxs: c.dtxs,
    pk: c.pk,
    ai: c.ai,
    un: c.un,
    au: c.au,
    rqd: c.rqd,
    unique: c.unique,
    cdf: c.cdf ?? null,
  };
}

/** The row-order column's type where Rowbase keeps row order (a double: midpoints between neighbours). */
const ROW_ORDER_DT: Partial<Record<Dialect, string>> = {
  sqlite: 'real',
  pg: 'double precision',
  mysql: 'double',
};

/**
 * The default columns of a new table (docs/behaviour/fields.md): id, title (varchar 45), created_at, updated_at, and on
 * SQLite, PostgreSQL and MySQL the hidden row-order column `nc_order` (see core fields/row-order.ts).
 */
export function systemColumnBodies(dialect: Dialect): ColumnBody[] {
  const bodies: ColumnBody[] = [
    { column_name: 'id', title: 'Id', uidt: 'ID', pk: true, ai: true, rqd: true, un: dialect === 'mysql' },
    { column_name: 'title', title: 'Title', uidt: 'SingleLineText', dtxp: 45, pv: true },
  ];
  if (dialect !== 'oracle') {
    bodies.push(
      {
        column_name: 'created_at',
        title: 'CreatedAt',
        uidt: 'DateTime',
        cdf: 'CURRENT_TIMESTAMP',
        system: true,
      },
      {
        column_name: 'updated_at',
        title: 'UpdatedAt',
        uidt: 'DateTime',
        cdf: 'CURRENT_TIMESTAMP',
        au: true,
        system: true,
      },
    );
  }
  const orderDt = ROW_ORDER_DT[dialect];
  if (orderDt) {
    bodies.push({
      column_name: ROW_ORDER_COLUMN,
      title: ROW_ORDER_COLUMN,
      uidt: 'Decimal',
      dt: orderDt,
      system: true,
    });
  }
  return bodies;
}
