/**
 * Copying a documentation base's pages into another base (docs/documentation-bases.md "Duplicating"): the
 * whole tree with titles, icons and order, and each page's current content (its Yjs state with the updates
 * appended since, merged). Copies are unpublished and start without snapshots.
 */
import type { Knex } from 'knex';
import * as Y from 'yjs';
import { newId } from '../meta/ids.js';
import { toNum } from '../meta/rows.js';
import { docFromState, docToJson, fromBase64, jsonToText, toBase64 } from './doc-content.js';

type Row = Record<string, any>;

/** Copies every page of `fromBaseId` into `toBaseId`; returns how many. */
export async function copyDocsPages(
  db: Knex,
  fromBaseId: string,
  toBaseId: string,
  userId: string | null,
): Promise<number> {
  // In tree order (order, then creation): the copies are created a millisecond apart in that order, so ties
  // between siblings break the same way in the copy.
  const pages = (await db('rb_docs_pages')
    .where({ base_id: fromBaseId })
    .orderBy([{ column: 'order' }, { column: 'created_at' }, { column: 'id' }])) as Row[];
  if (!pages.length) return 0;
  const updates = (await db('rb_docs_page_updates')
    .whereIn(
      'page_id',
      pages.map((p) => p.id),
    )
    .orderBy('id')
    .select('page_id', 'data')) as Row[];
  const ids = new Map(pages.map((p) => [p.id as string, newId('docsPage')]));
  const now = Date.now();
  const rows = pages.map((p, i) => {
    const parts = [p.state, ...updates.filter((u) => u.page_id === p.id).map((u) => u.data)]
      .filter((s): s is string => typeof s === 'string' && s.length > 0)
      .map(fromBase64);
    const doc = docFromState(parts.length ? Y.mergeUpdates(parts) : Y.encodeStateAsUpdate(new Y.Doc()));
    const content = docToJson(doc);
    return {
      id: ids.get(p.id)!,
      base_id: toBaseId,
      parent_id: p.parent_id ? (ids.get(p.parent_id) ?? null) : null,
      title: p.title,
      icon: p.icon ?? null,
      order: toNum(p.order),
      published: false,
      state: toBase64(Y.encodeStateAsUpdate(doc)),
      content: JSON.stringify(content),
      text: jsonToText(content),
      created_by: userId,
      updated_by: userId,
      created_at: now + i,
      updated_at: now + i,
    };
  });
  // Parents before children, so the copy's tree is valid at every insert.
  const byParent = new Map<string | null, typeof rows>();
  for (const r of rows) byParent.set(r.parent_id, [...(byParent.get(r.parent_id) ?? []), r]);
  const ordered: typeof rows = [];
  const visit = (parent: string | null) => {
    for (const r of byParent.get(parent) ?? []) {
      ordered.push(r);
      visit(r.id);
    }
  };
  visit(null);
  await db.transaction(async (trx) => {
    for (const r of ordered) await trx('rb_docs_pages').insert(r);
  });
  return ordered.length;
}
