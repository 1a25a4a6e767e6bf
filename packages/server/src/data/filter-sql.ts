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
import { printWhere, type FilterCondition, type FilterNode } from '@rowbase/core/filters/where';
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

/**
 * A comparison's value left out of compiled SQL, bound by each request instead: SQL is compiled once per
 * filter shape, not once per value (docs/performance.md, "A warm read, step by step").
 */
export class FilterSlot {
  constructor(readonly index: number) {}
}

/** On a condition of a marked filter (`filterShape`): the slot its value binds to. Spreads copy it along. */
const SLOT = Symbol('filter value slot');
type SlottedCondition = FilterCondition & { [SLOT]?: number };
/** What a slotted value prints as in a shape's key. */
const SLOT_MARK = '\u0002';

export interface FilterShape {
  /** The filter printed with its slotted values left out: what compiled SQL is kept under. */
  key: string;
  /** The filter with its slotted conditions marked: compiled, they bind `FilterSlot`s, not their values. */
  marked: FilterNode[];
  /** The slotted values as bound, by slot. */
  values: unknown[];
}

/**
 * A filter's shape (checked): comparisons (`eq`, `neq`, `gt`, `ge`, `lt`, `le`) with a value, on fields that
 * are not dates, compile to the same SQL whatever the value; their values become slots. Other conditions
 * (dates, blanks, lists, `like` and the rest) keep their values in the key.
 */
export function filterShape(model: TableModel, where: readonly FilterNode[], now: Date): FilterShape {
  checkWhere(model, where, now);
  const values: unknown[] = [];
  const walk = (nodes: readonly FilterNode[]): [FilterNode[], FilterNode[]] => {
    const marked: FilterNode[] = [];
    const masked: FilterNode[] = [];
    for (const n of nodes) {
      if (n.type === 'group') {
        const [m, k] = walk(n.children);
        marked.push({ ...n, children: m });
        masked.push({ ...n, children: k });
        continue;
      }
      const f = queryFieldOf(model, n.field);
      const raw = n.value ?? '';
      if (!Object.hasOwn(SQL_OP, comparisonOp(n.op)) || isDateKind(f) || raw.trim() === '') {
        marked.push(n);
        masked.push(n);
        continue;
      }
      marked.push({ ...n, [SLOT]: values.length } as SlottedCondition);
      values.push(scalar(f, raw, model.dialect));
      masked.push({ ...n, value: SLOT_MARK });
    }
    return [marked, masked];
  };
  const [marked, masked] = walk(where);
  return { key: printWhere(masked), marked, values };
}

/** A compiled statement of a marked filter with a request's values in its slots. */
export function withSlotValues<Q extends { sql: string; bindings: readonly unknown[] }>(q: Q, values: readonly unknown[] | undefined): Q {
  if (!values?.length) return q;
  return { ...q, bindings: q.bindings.map((b) => (b instanceof FilterSlot ? values[b.index] : b)) };
}

const comparisonOp = (op: string): string => (op === 'not' ? 'neq' : op);

/** A stored column's name or a computed field's expression: knex takes a Raw wherever a column goes (its typings say string). */
const columnOf = (f: QueryField): string => f.expr as string;

function compileCondition(qb: QB, model: TableModel, c: FilterCondition, now: Date): void {
  const f = queryFieldOf(model, c.field);
  const col = columnOf(f);
  const d = model.dialect;
  const op = comparisonOp(c.op);
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
      // The pattern's run of caseless characters, tested before LIKE (pg-like.ts).
      const run = op === 'like' && !f.computed ? caselessRun(pattern) : undefined;
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
      else if (run !== undefined && d === 'pg')
        // A case-sensitive pre-check before ILIKE, exact (pg-like.ts).
        void qb.whereRaw(`cast(?? as text) like ? and ${sql}`, [col, `%${run}%`, col, pattern]);
      else if (run !== undefined && d === 'sqlite')
        // The same pre-check on SQLite, whose LIKE folds ASCII letters only (docs/performance.md, "`instr` before LIKE on SQLite").
        void qb.whereRaw(`instr(??, ?) > 0 and ${sql}`, [col, run, col, pattern]);
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
      else compileScalarComparison(qb, f, op, c.value ?? '', d, (c as SlottedCondition)[SLOT]);
      return;
    default:
      throw badRequest(`Invalid where: operator "${c.op}" is not supported`);
  }
}

const SQL_OP = { eq: '=', neq: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

function compileScalarComparison(
  qb: QB,
  f: QueryField,
  op: keyof typeof SQL_OP,
  raw: string,
  d: Dialect,
  slot: number | undefined,
): void {
  const col = columnOf(f);
  if (raw === '' && (op === 'eq' || op === 'neq') && !NUMERIC.has(f.kind)) {
    // NocoDB: comparing with nothing means "is blank" / "is not blank".
    if (op === 'eq') void qb.where((w) => void w.whereNull(col).orWhere(col, ''));
    else void qb.whereNotNull(col).andWhere(col, '<>', '');
    return;
  }
  // knex binds a slot as it binds any value; its typings only know values.
  const value = slot === undefined ? scalar(f, raw, d) : (new FilterSlot(slot) as unknown as string);
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
