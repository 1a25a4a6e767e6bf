/** rb_docs_pages: the page tree of documentation bases (docs/documentation-bases.md "Pages"). */
import type { DocNodeJson, DocsPage, DocsPageWithContent, DocsSearchHit } from '@rowbase/core/api/docs';
import type { Knex } from 'knex';
import { newId } from '../meta/ids.js';
import { parseJson, toBool, toNum } from '../meta/rows.js';

type Row = Record<string, any>;

const EMPTY_DOC: DocNodeJson = { type: 'doc', content: [] };

export function pageFromRow(r: Row): DocsPage {
  return {
    id: r.id,
    base_id: r.base_id,
    parent_id: r.parent_id ?? null,
    title: r.title,
    icon: r.icon ?? null,
    order: toNum(r.order),
    published: toBool(r.published),
    created_by: r.created_by ?? null,
    updated_by: r.updated_by ?? null,
    created_at: toNum(r.created_at),
    updated_at: toNum(r.updated_at),
  };
}

const PAGE_COLUMNS = [
  'id',
  'base_id',
  'parent_id',
  'title',
  'icon',
  'order',
  'published',
  'created_by',
  'updated_by',
  'created_at',
  'updated_at',
];

export class DocsPagesRepo {
  constructor(private readonly db: Knex) {}

  async list(baseId: string, trx: Knex = this.db): Promise<DocsPage[]> {
    const rows = await trx('rb_docs_pages')
      .where({ base_id: baseId })
      .select(PAGE_COLUMNS)
      .orderBy([{ column: 'order' }, { column: 'created_at' }, { column: 'id' }]);
    return rows.map(pageFromRow);
  }

  async byId(id: string, trx: Knex = this.db): Promise<DocsPage | undefined> {
    const r = await trx('rb_docs_pages').where({ id }).select(PAGE_COLUMNS).first();
    return r ? pageFromRow(r) : undefined;
  }

  async withContent(id: string, trx: Knex = this.db): Promise<DocsPageWithContent | undefined> {
    const r = await trx('rb_docs_pages').where({ id }).first();
    if (!r) return undefined;
    return {
      ...pageFromRow(r),
      content: parseJson<DocNodeJson>(r.content, EMPTY_DOC) ?? EMPTY_DOC,
      text: r.text ?? '',
    };
  }

  async nextOrder(baseId: string, parentId: string | null, trx: Knex = this.db): Promise<number> {
    const r = await trx('rb_docs_pages')
      .where({ base_id: baseId, parent_id: parentId })
      .max({ max: 'order' })
      .first();
    return r?.max === null || r?.max === undefined ? 1 : toNum(r.max) + 1;
  }

  async insert(
    p: { baseId: string; parentId: string | null; title: string; icon: string | null; order: number },
    userId: string,
    trx: Knex = this.db,
  ): Promise<DocsPage> {
    const now = Date.now();
    const id = newId('docsPage');
    await trx('rb_docs_pages').insert({
      id,
      base_id: p.baseId,
      parent_id: p.parentId,
      title: p.title,
      icon: p.icon,
      order: p.order,
      published: false,
      content: JSON.stringify(EMPTY_DOC),
      text: '',
      created_by: userId,
      updated_by: userId,
      created_at: now,
      updated_at: now,
    });
    return (await this.byId(id, trx))!;
  }

  async update(
    id: string,
    patch: Partial<{
      title: string;
      icon: string | null;
      parent_id: string | null;
      order: number;
      published: boolean;
    }>,
    userId: string | null,
    trx: Knex = this.db,
  ): Promise<void> {
    await trx('rb_docs_pages')
      .where({ id })
      .update({ ...patch, ...(userId ? { updated_by: userId } : {}), updated_at: Date.now() });
  }

  /** Stores what the server derived from the page's Yjs state. */
  async setDerived(id: string, content: DocNodeJson, text: string, trx: Knex = this.db): Promise<void> {
    await trx('rb_docs_pages')
      .where({ id })
      .update({ content: JSON.stringify(content), text, updated_at: Date.now() });
  }

  async deleteMany(ids: string[], trx: Knex = this.db): Promise<void> {
    if (ids.length) await trx('rb_docs_pages').whereIn('id', ids).delete();
  }

  /** Pages whose title or text contains `q` (any case); `q` reaches SQL only as a bound LIKE pattern. */
  async search(baseId: string, q: string, limit = 50): Promise<DocsSearchHit[]> {
    const pattern = `%${q.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
    const rows = await this.db('rb_docs_pages')
      .where({ base_id: baseId })
      .andWhere((w) =>
        w
          .whereRaw(`lower(??) like ? escape '!'`, ['title', pattern])
          .orWhereRaw(`lower(??) like ? escape '!'`, ['text', pattern]),
      )
      .select('id', 'title', 'icon', 'text')
      .orderBy('title')
      .limit(limit);
    return rows.map((r: Row) => ({
      id: r.id,
      title: r.title,
      icon: r.icon ?? null,
      excerpt: excerptOf(String(r.text ?? ''), q),
    }));
  }
}

function excerptOf(text: string, q: string): string {
  const at = text.toLowerCase().indexOf(q.toLowerCase());
  const start = Math.max(0, at < 0 ? 0 : at - 60);
  return text
    .slice(start, start + 160)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The page and every page below it, from a base's list. */
export function subtreeIds(pages: DocsPage[], rootId: string): string[] {
  const children = new Map<string | null, DocsPage[]>();
  for (const p of pages) children.set(p.parent_id, [...(children.get(p.parent_id) ?? []), p]);
  const out: string[] = [];
  const walk = (id: string) => {
    out.push(id);
    for (const c of children.get(id) ?? []) walk(c.id);
  };
  walk(rootId);
  return out;
}
