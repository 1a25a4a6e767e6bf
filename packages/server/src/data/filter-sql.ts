/**
 * Compiles a parsed `where` tree onto a knex query. Identifiers come from the table model; every value is
 * bound. Date sub-operators are resolved in JS (UTC calendar days) and bound as 'YYYY-MM-DD' bounds, which
 * compare correctly with dates and with datetimes stored as 'YYYY-MM-DD HH:mm:ss' on every dialect.
 */
import { badRequest } from '@rowbase/core/errors';
import { coerceDateTime } from '@rowbase/core/fields/coerce';
import type { Dialect } from '@rowbase/core/fields/field-type';
import { checkCondition } from '@rowbase/core/filters/check';
import { addDays, resolveDateComparison, resolveWithin, type DateOperand } from '@rowbase/core/filters/date-values';
import type { FilterCondition, FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import { queryFieldOf, type QueryField } from './computed/query-field.js';
import { caselessRun } from './pg-like.js';
import { likePattern, trigramPattern, trustedTextSearch } from './text-search.js';
import type { StoredField, TableModel } from './table-model.js';

type QB = Knex.QueryBuilder;

/** Kinds stored as text, where "blank" also means the empty string. */
const TEXTUAL = new Set(['text', 'longtext', 'select', 'multiselect', 'user', 'geo', 'attachment', 'json']);
const NUMERIC = new Set(['id', 'integer', 'decimal', 'year']);

/** Resolves the fields a tree names and checks each condition; throws a 400 naming the first bad one. */
export function checkWhere(model: TableModel, nodes: readonly FilterNode[], now: Date): void {
  for (const n of nodes) {
    if (n.type === 'group') checkWhere(model, n.children, now);
    else {
      const f = queryFieldOf(model, n.field);
      checkCondition(n, { title: f.title, uidt: f.column.uidt, kind: f.kind, filterOps: f.def.filterOps }, now);
    }
  }
}

export function storedFieldOf(model: TableModel, key: string): StoredField {
  const f = model.field(key);
  if (!f) throw badRequest(`Field '${key}' not found in table '${model.title}'`);
  if (f.name === null) throw badRequest(`Field '${key}' is computed (${f.column.uidt}) and cannot be used to filter, sort or group yet`);
  return f as StoredField;
}

/**
 * Adds the tree's conditions to `qb` (call `checkWhere` first for friendly messages).
 * @example applyWhere(qb, model, parseWhere('(Age,gt,30)~or(Name,blank)'), new Date())
 */
export function applyWhere(qb: QB, model: TableModel, nodes: readonly FilterNode[], now: Date): QB {
  nodes.forEach((node, i) => {
    const fn = (inner: QB) => {
      if (node.type === 'group') applyWhere(inner, model, node.children, now);
      else compileCondition(inner, model, node, now);
    };
    if (node.logical === 'not') void qb.whereNot(fn);
    else if (node.logical === 'or' && i > 0) void qb.orWhere(fn);
    else void qb.where(fn);
  });
  return qb;
}

/** Operators compiled to one comparison binding one value, whatever the value (compileScalarComparison). */
const ONE_VALUE_OPS = new Set(['eq', 'neq', 'gt', 'ge', 'lt', 'le']);
/** Stand-in values: distinct per condition, and from any value a statement binds besides the filter's. */
const STAND_IN_NUMBER = 730_000_000_000_000;
const STAND_IN_TEXT = '\u0001rb-filter-value-';

/** A filter whose SQL is the same for every value it compares with: only what it binds changes. */
export interface BoundFilter {
  /** The same tree with a stand-in value per condition: it compiles to the same SQL. */
  standIns: FilterNode[];
  /** Per condition (depth first), what its stand-in binds. */
  marks: unknown[];
  /** Per condition, what the filter's own value binds. */
  values: unknown[];
}

/**
 * The filter's values apart from its shape, when each condition compares a stored field (neither a date nor a
 * checkbox) with a non-empty value by `eq`, `neq`, `gt`, `ge`, `lt` or `le`: a statement compiled once for the
 * stand-ins serves every filter of that shape, with `values` bound in place of `marks` (docs/performance.md,
 * "Filters bound per request (PostgreSQL)"). Undefined for any other filter. Call `checkWhere` first.
 */
export function boundFilter(model: TableModel, nodes: readonly FilterNode[]): BoundFilter | undefined {
  const marks: unknown[] = [];
  const values: unknown[] = [];
  const standInsOf = (list: readonly FilterNode[]): FilterNode[] | undefined => {
    const out: FilterNode[] = [];
    for (const n of list) {
      if (n.type === 'group') {
        const children = standInsOf(n.children);
        if (!children) return undefined;
        out.push({ ...n, children });
        continue;
      }
      const f = queryFieldOf(model, n.field);
      const raw = n.value ?? '';
      if (!ONE_VALUE_OPS.has(n.op) || f.computed || isDateKind(f) || f.kind === 'boolean' || !raw.trim()) return undefined;
      const standIn = NUMERIC.has(f.kind) ? String(STAND_IN_NUMBER + marks.length) : `${STAND_IN_TEXT}${marks.length}`;
      values.push(scalar(f, raw, model.dialect));
      marks.push(scalar(f, standIn, model.dialect));
      out.push({ ...n, value: standIn, args: [standIn] });
    }
    return out;
  };
  const standIns = standInsOf(nodes);
  return standIns && { standIns, marks, values };
}

/** A stored column's name or a computed field's expression: knex takes a Raw wherever a column goes (its typings say string). */
const columnOf = (f: QueryField): string => f.expr as string;

function compileCondition(qb: QB, model: TableModel, c: FilterCondition, now: Date): void {
  const f = queryFieldOf(model, c.field);
  const col = columnOf(f);
  const d = model.dialect;
  const op = c.op === 'not' ? 'neq' : c.op;
  const textual = TEXTUAL.has(f.kind);
  switch (op) {
    case 'is':
    case 'isnot': {
      const v = (c.value ?? '').trim();
      const mapped =
        v === 'true' ? 'checked' : v === 'false' ? 'notchecked' : (v as 'null' | 'notnull' | 'blank' | 'notblank' | 'empty' | 'notempty');
      if (op === 'is') compileCondition(qb, model, { ...c, op: mapped, value: undefined, args: [] }, now);
      else void qb.whereNot((inner) => compileCondition(inner, model, { ...c, op: mapped, value: undefined, args: [] }, now));
      return;
    }
    case 'null':
      void qb.whereNull(col);
      return;
    case 'notnull':
      void qb.whereNotNull(col);
      return;
    case 'blank':
      void qb.where((w) => {
        void w.whereNull(col);
        if (textual) void w.orWhereRaw(`${asText(d)} in ('', '[]')`, [col]);
      });
      return;
    case 'notblank':
      void qb.whereNotNull(col);
      if (textual) void qb.whereRaw(`${asText(d)} not in ('', '[]')`, [col]);
      return;
    case 'empty':
      if (textual) void qb.whereRaw(`${asText(d)} = ''`, [col]);
      else void qb.whereNull(col);
      return;
    case 'notempty':
      if (textual) void qb.where((w) => void w.whereNull(col).orWhereRaw(`${asText(d)} <> ''`, [col]));
      else void qb.whereNotNull(col);
      return;
    case 'checked':
      void qb.where(col, boolValue(d, true));
      return;
    case 'notchecked':
      void qb.where((w) => void w.where(col, boolValue(d, false)).orWhereNull(col));
      return;
    case 'like':
    case 'nlike': {
      const pattern = likePattern(c.value ?? '');
      const sql = likeSql(d);
      const search = op === 'like' && !f.computed && trigramPattern(pattern) ? trustedTextSearch(model, col) : undefined;
      // The trigram index narrows the rows to candidates; LIKE still decides (docs/performance.md, "Text search").
      if (search)
        void qb.whereRaw(`?? in (select rowid from ?? where ?? like ?) and ${sql}`, [
          `${model.tableName}.${model.pk!.name}`,
          search,
          col,
          pattern,
          col,
          pattern,
        ]);
      else if (op === 'like' && d === 'pg' && !f.computed && caselessRun(pattern) !== undefined)
        // A case-sensitive pre-check before ILIKE, exact (pg-like.ts).
        void qb.whereRaw(`cast(?? as text) like ? and ${sql}`, [col, `%${caselessRun(pattern)}%`, col, pattern]);
      else if (op === 'like') void qb.whereRaw(sql, [col, pattern]);
      else void qb.where((w) => void w.whereNull(col).orWhereRaw(`not (${sql})`, [col, pattern]));
      return;
    }
    case 'anyof':
    case 'nanyof':
    case 'allof':
    case 'nallof':
      compileListMembership(qb, f, op, c.args, d);
      return;
    case 'in':
      void qb.whereIn(col, c.args.map((a) => scalar(f, a, d)));
      return;
    case 'isWithin': {
      const range = resolveWithin(c.args, now);
      void qb.where(col, '>=', range.from).andWhere(col, '<', addDays(range.to, 1));
      return;
    }
    case 'btw':
    case 'nbtw': {
      const [lo, hi] = isDateKind(f) ? dateBetween(f, c.args, now) : [scalar(f, c.args[0]!, d), scalar(f, c.args[1]!, d)];
      if (op === 'btw') void qb.where(col, '>=', lo).andWhere(col, isDateKind(f) ? '<' : '<=', hi);
      else
        void qb.where((w) =>
          void w.where(col, '<', lo).orWhere(col, isDateKind(f) ? '>=' : '>', hi).orWhereNull(col),
        );
      return;
    }
    case 'eq':
    case 'neq':
    case 'gt':
    case 'ge':
    case 'lt':
    case 'le':
      if (isDateKind(f)) compileDateComparison(qb, f, op, resolveDateComparison(c.args, now));
      else compileScalarComparison(qb, f, op, c.value ?? '', d);
      return;
    default:
      throw badRequest(`Invalid where: operator "${c.op}" is not supported`);
  }
}

const SQL_OP = { eq: '=', neq: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

function compileScalarComparison(qb: QB, f: QueryField, op: keyof typeof SQL_OP, raw: string, d: Dialect): void {
  const col = columnOf(f);
  if (raw === '' && (op === 'eq' || op === 'neq') && !NUMERIC.has(f.kind)) {
    // NocoDB: comparing with nothing means "is blank" / "is not blank".
    if (op === 'eq') void qb.where((w) => void w.whereNull(col).orWhere(col, ''));
    else void qb.whereNotNull(col).andWhere(col, '<>', '');
    return;
  }
  const value = scalar(f, raw, d);
  if (op === 'neq') void qb.where((w) => void w.where(col, '<>', value).orWhereNull(col));
  else void qb.where(col, SQL_OP[op], value);
}

function compileDateComparison(qb: QB, f: QueryField, op: keyof typeof SQL_OP, operand: DateOperand): void {
  const col = columnOf(f);
  if ('instant' in operand) {
    const value = f.kind === 'date' ? operand.instant.slice(0, 10) : instantValue(f, operand.instant);
    if (op === 'neq') void qb.where((w) => void w.where(col, '<>', value).orWhereNull(col));
    else void qb.where(col, SQL_OP[op], value);
    return;
  }
  const start = operand.day;
  const next = addDays(start, 1);
  switch (op) {
    case 'eq':
      void qb.where(col, '>=', start).andWhere(col, '<', next);
      return;
    case 'neq':
      void qb.where((w) => void w.where(col, '<', start).orWhere(col, '>=', next).orWhereNull(col));
      return;
    case 'gt':
      void qb.where(col, '>=', next);
      return;
    case 'ge':
      void qb.where(col, '>=', start);
      return;
    case 'lt':
      void qb.where(col, '<', start);
      return;
    case 'le':
      void qb.where(col, '<', next);
      return;
  }
}

function dateBetween(f: QueryField, args: readonly string[], now: Date): [string, string] {
  const lo = resolveDateComparison([args[0]!], now);
  const hi = resolveDateComparison([args[1]!], now);
  const from = 'day' in lo ? lo.day : instantValue(f, lo.instant);
  // The upper bound is exclusive: the day after a day, or just past an instant.
  const to = 'day' in hi ? addDays(hi.day, 1) : instantValue(f, hi.instant) + '.001';
  return [from, to];
}

function instantValue(f: QueryField, text: string): string {
  const r = coerceDateTime(text, { column: { title: f.title, uidt: f.column.uidt } as never });
  if (!r.ok) throw badRequest(`Invalid where: ${r.error}`);
  return String(r.value);
}

function isDateKind(f: QueryField): boolean {
  return f.kind === 'date' || f.kind === 'datetime';
}

/** A where value as the column compares it. */
function scalar(f: QueryField, raw: string, d: Dialect): string | number | boolean {
  if (NUMERIC.has(f.kind)) {
    const n = Number(raw.trim());
    if (raw.trim() === '' || !Number.isFinite(n)) throw badRequest(`Invalid where: ${f.title} is a number field; "${raw}" is not a number`);
    return n;
  }
  if (f.kind === 'boolean') {
    const v = raw.trim().toLowerCase();
    const on = v === 'true' || v === '1' || v === 'checked' || v === 'yes';
    if (!on && !['false', '0', 'unchecked', 'no'].includes(v))
      throw badRequest(`Invalid where: ${f.title} is a checkbox; "${raw}" is not true or false`);
    return boolValue(d, on);
  }
  return raw;
}

function boolValue(d: Dialect, on: boolean): boolean | number {
  return d === 'sqlite' || d === 'mysql' ? (on ? 1 : 0) : on;
}

function asText(d: Dialect): string {
  if (d === 'pg') return 'cast(?? as text)';
  if (d === 'mysql') return 'cast(?? as char)';
  return '??';
}

/** Case-insensitive LIKE on every dialect; bindings are [column, pattern]. */
function likeSql(d: Dialect): string {
  if (d === 'pg') return 'cast(?? as text) ilike ?';
  if (d === 'mysql') return 'lower(cast(?? as char)) like lower(?)';
  return '?? like ?';
}

/** `,a,b,` contains `,x,`: membership in comma-joined multi-select / user values. */
function containsSql(d: Dialect): { sql: string; bind: (col: string, token: string) => string[] } {
  if (d === 'mysql') return { sql: "locate(?, concat(',', ??, ',')) > 0", bind: (col, t) => [t, col] };
  if (d === 'pg') return { sql: "strpos(',' || ?? || ',', ?) > 0", bind: (col, t) => [col, t] };
  if (d === 'mssql') return { sql: "charindex(?, ',' + ?? + ',') > 0", bind: (col, t) => [t, col] };
  return { sql: "instr(',' || ?? || ',', ?) > 0", bind: (col, t) => [col, t] };
}

function compileListMembership(
  qb: QB,
  f: QueryField,
  op: 'anyof' | 'nanyof' | 'allof' | 'nallof',
  args: readonly string[],
  d: Dialect,
): void {
  const col = columnOf(f);
  const values = args.map((a) => a.trim()).filter(Boolean);
  if (f.kind === 'select') {
    if (op === 'anyof') void qb.whereIn(col, values);
    else void qb.where((w) => void w.whereNotIn(col, values).orWhereNull(col));
    return;
  }
  const { sql, bind } = containsSql(d);
  const all = op === 'allof' || op === 'nallof';
  const positive = (w: QB) => {
    for (const v of values) {
      if (all) void w.whereRaw(sql, bind(col, `,${v},`));
      else void w.orWhereRaw(sql, bind(col, `,${v},`));
    }
  };
  if (values.length === 0) {
    if (op === 'anyof' || op === 'nallof') void qb.whereRaw('1 = 0');
    return;
  }
  if (op === 'anyof' || op === 'allof') void qb.where(positive);
  else void qb.where((w) => void w.whereNull(col).orWhereNot(positive));
}
