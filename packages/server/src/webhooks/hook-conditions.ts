/**
 * A webhook's conditions (its filters, `rb_filters.fk_hook_id`): which rows of a write a hook hears. Inserted
 * and updated rows are matched in the database by the same SQL compiler as view filters (the full filter set,
 * groups and date sub-operators), after the write committed; deleted rows are gone, so their values as they
 * were are matched here. See docs/webhooks.md "Conditions".
 */
import type { FilterCondition, FilterNode } from '@rowbase/core/filters/where';
import type { RowId, RowValues } from '../changes/change-events.js';
import type { AppContext } from '../context.js';
import { RowReader } from '../data/row-query.js';
import type { TableModel } from '../data/table-model.js';

/** The keys among `ids` whose rows match `where` now (one query). */
export async function idsMatching(
  ctx: AppContext,
  tableId: string,
  where: readonly FilterNode[],
  ids: readonly RowId[],
): Promise<Set<string>> {
  const { model, db } = await ctx.tableModels.get(ctx, tableId);
  const pk = model.pk;
  if (!pk || !ids.length) return new Set();
  const rows = await new RowReader(db, model, ctx.dataCache)
    .filtered(where)
    .whereIn(pk.name, ids as (string | number)[])
    .select({ k: pk.name });
  return new Set(rows.map((r: { k: unknown }) => String(r.k)));
}

const isBlank = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** A multi-select's options, as stored ('a,b') or as a list. */
const optionsOf = (v: unknown): string[] =>
  isBlank(v)
    ? []
    : Array.isArray(v)
      ? v.map(String)
      : String(v)
          .split(',')
          .map((s) => s.trim());

function compare(a: unknown, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (a !== null && a !== '' && b.trim() !== '' && !Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  return String(a ?? '').localeCompare(b);
}

/** One condition against a row's values as they were; operators that need the database answer true. */
function conditionHolds(c: FilterCondition, v: unknown): boolean {
  const text = c.value ?? '';
  const truthy = v === true || v === 1 || v === '1' || v === 'true';
  switch (c.op) {
    case 'eq':
      return c.args.length > 1 ? true : String(v ?? '').toLowerCase() === text.toLowerCase();
    case 'neq':
    case 'not':
      return c.args.length > 1 ? true : String(v ?? '').toLowerCase() !== text.toLowerCase();
    case 'like':
      return String(v ?? '')
        .toLowerCase()
        .includes(text.replace(/%/g, '').toLowerCase());
    case 'nlike':
      return !String(v ?? '')
        .toLowerCase()
        .includes(text.replace(/%/g, '').toLowerCase());
    case 'gt':
      return !isBlank(v) && compare(v, text) > 0;
    case 'ge':
      return !isBlank(v) && compare(v, text) >= 0;
    case 'lt':
      return !isBlank(v) && compare(v, text) < 0;
    case 'le':
      return !isBlank(v) && compare(v, text) <= 0;
    case 'blank':
    case 'empty':
    case 'null':
      return isBlank(v);
    case 'notblank':
    case 'notempty':
    case 'notnull':
      return !isBlank(v);
    case 'checked':
      return truthy;
    case 'notchecked':
      return !truthy;
    case 'in':
      return c.args.some((a) => a.toLowerCase() === String(v ?? '').toLowerCase());
    case 'anyof':
      return c.args.some((a) => optionsOf(v).includes(a));
    case 'allof':
      return c.args.every((a) => optionsOf(v).includes(a));
    case 'nanyof':
      return !c.args.some((a) => optionsOf(v).includes(a));
    case 'nallof':
      return !c.args.every((a) => optionsOf(v).includes(a));
    default:
      return true;
  }
}

/**
 * Whether a row's values (keyed by field title) meet the conditions, joined as the SQL compiler joins them:
 * the first term's 'or' means nothing, 'not' negates its term.
 */
export function rowMeets(model: TableModel, where: readonly FilterNode[], row: RowValues): boolean {
  let result = true;
  where.forEach((node, i) => {
    const holds =
      node.type === 'group'
        ? rowMeets(model, node.children, row)
        : conditionHolds(node, row[model.field(node.field)?.title ?? node.field]);
    if (node.logical === 'not') result = result && !holds;
    else if (node.logical === 'or' && i > 0) result = result || holds;
    else result = result && holds;
  });
  return result;
}
