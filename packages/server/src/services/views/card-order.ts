/**
 * Kanban card order (docs/views.md "Kanban card order"): a card dragged within or into a stack keeps its place
 * in that view. Positions live in the meta store per view and row; a stack lists its positioned rows first (by
 * position), then the rest in the view's own order. A drop saves the stack's first cards up to the dropped one
 * as positions below every other saved one, so whole numbers suffice and no renumbering is ever needed.
 */
import { badRequest } from '@rowbase/core/errors';
import type { PageInfo } from '@rowbase/core/api/meta';
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { pageInfoOf, pkValue, type PageQuery, type Row, type RowReader } from '../../data/row-query.js';

const TABLE = 'rb_kanban_card_order';
/** The most cards one drop may place: a drop deeper than this in one stack is refused. */
export const MAX_PLACED = 5000;
const CHUNK = 500;

/** The body of `PUT /kanbans/{viewId}/card-order`: `{ rows: [rowId, ...] }`, the stack's first cards in order. */
export function cardOrderBody(body: unknown): string[] {
  const rows = (body as { rows?: unknown } | null)?.rows;
  const problem = 'rows must be a list of 1 to 5000 distinct row ids';
  if (!Array.isArray(rows) || rows.length === 0 || rows.length > MAX_PLACED) throw badRequest(problem);
  const ids = rows.map((r) => {
    if ((typeof r !== 'string' && typeof r !== 'number') || String(r) === '' || String(r).length > 255)
      throw badRequest(problem);
    return String(r);
  });
  if (new Set(ids).size !== ids.length) throw badRequest(problem);
  return ids;
}

/** The view's saved positions, smallest first. */
export async function readCardOrder(db: Knex, viewId: string): Promise<Map<string, number>> {
  const rows = (await db(TABLE).where({ fk_view_id: viewId }).orderBy('position', 'asc')) as {
    row_id: string;
    position: number | string;
  }[];
  return new Map(rows.map((r) => [r.row_id, Number(r.position)]));
}

/** Places `rowIds` first, in that order, ahead of every other card the view has placed. */
export async function saveCardOrder(db: Knex, viewId: string, rowIds: string[]): Promise<void> {
  await db.transaction(async (trx) => {
    const others = trx(TABLE).where({ fk_view_id: viewId });
    if (rowIds.length <= CHUNK) void others.whereNotIn('row_id', rowIds);
    const min = (await others.min({ m: 'position' }).first()) as { m: number | string | null } | undefined;
    // With more ids than one statement binds, the smallest position of all is as good a floor.
    const floor = min?.m === null || min?.m === undefined ? 0 : Number(min.m);
    for (let i = 0; i < rowIds.length; i += CHUNK)
      await trx(TABLE)
        .where({ fk_view_id: viewId })
        .whereIn('row_id', rowIds.slice(i, i + CHUNK))
        .delete();
    const start = floor - rowIds.length;
    await trx.batchInsert(
      TABLE,
      rowIds.map((row_id, i) => ({ fk_view_id: viewId, row_id, position: start + i })),
      CHUNK,
    );
  });
}

/**
 * A page of a kanban view's rows (one stack's, by the request's where): its placed rows by position, then the
 * others in the view's order. The count is the view's as ever.
 */
export async function cardOrderedPage(
  reader: RowReader,
  page: PageQuery,
  positions: Map<string, number>,
): Promise<{ list: Row[]; pageInfo: PageInfo }> {
  const pk = reader.requirePk();
  const keys: (string | number)[] = [];
  for (const id of positions.keys()) {
    try {
      keys.push(pkValue(pk, id));
    } catch {
      // A position saved for an id this key cannot hold names no row: nothing to place.
    }
  }
  if (!keys.length) return reader.page(page);
  const tag = createHash('sha1').update(keys.join('\u0000')).digest('hex');
  const addPk = !!page.fields && !page.fields.includes(pk.column.id);
  const placed = await reader.rows({
    ...page,
    fields: addPk ? [...page.fields!, pk.column.id] : page.fields,
    within: { key: `card-order-in:${tag}`, apply: (qb) => void qb.whereIn(pk.name, keys) },
    offset: 0,
    limit: keys.length,
  });
  const at = (r: Row) => positions.get(String(r[pk.title])) ?? 0;
  placed.sort((a, b) => at(a) - at(b));
  if (addPk) for (const r of placed) delete r[pk.title];
  const head = placed.slice(page.offset, page.offset + page.limit);
  const rest = page.limit - head.length;
  const [tail, total] = await Promise.all([
    rest > 0
      ? reader.rows({
          ...page,
          within: { key: `card-order-out:${tag}`, apply: (qb) => void qb.whereNotIn(pk.name, keys) },
          offset: Math.max(0, page.offset - placed.length),
          limit: rest,
        })
      : Promise.resolve([]),
    reader.count(page.where),
  ]);
  return { list: [...head, ...tail], pageInfo: pageInfoOf(total, page.limit, page.offset) };
}
