/**
 * A page's collaborative state (docs/documentation-bases.md "Live editing"): the merged Yjs state on the page
 * row plus the updates appended since, in arrival order. Every update is stored before it is acknowledged, so
 * no keystroke is lost; a page's updates are merged into its state (compacted) once there are many, and the
 * derived JSON and text are refreshed shortly after the last update.
 */
import type { DocsSnapshot } from '@rowbase/core/api/docs';
import { badRequest, notFound } from '@rowbase/core/errors';
import type { Knex } from 'knex';
import * as Y from 'yjs';
import { newId } from '../meta/ids.js';
import { toNum } from '../meta/rows.js';
import { DOC_FIELD, docFromState, docToJson, fromBase64, jsonToText, toBase64 } from './doc-content.js';
import { DocsPagesRepo } from './pages-repo.js';

/** Updates appended before a page's state is compacted. */
const COMPACT_AFTER = 200;
/** How long after the last update the derived JSON and text are refreshed. */
const DERIVE_DELAY_MS = 300;
/** While a page is edited, an automatic snapshot is taken at most this often. */
const AUTO_SNAPSHOT_EVERY_MS = 10 * 60_000;
/** The largest single update accepted (base64 characters). */
const MAX_UPDATE_CHARS = 4_000_000;

export class PageStates {
  private readonly pages: DocsPagesRepo;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Knex,
    private readonly log: { warn(obj: unknown, msg: string): void },
  ) {
    this.pages = new DocsPagesRepo(db);
  }

  /** The page's whole state as one Yjs update. */
  async load(pageId: string, trx: Knex = this.db): Promise<Uint8Array> {
    const page = await trx('rb_docs_pages').where({ id: pageId }).select('state').first();
    if (!page) throw notFound('Page not found');
    const updates = await trx('rb_docs_page_updates').where({ page_id: pageId }).orderBy('id').select('data');
    const parts = [page.state, ...updates.map((u: { data: string }) => u.data)]
      .filter((s): s is string => typeof s === 'string' && s.length > 0)
      .map(fromBase64);
    return parts.length ? Y.mergeUpdates(parts) : Y.encodeStateAsUpdate(new Y.Doc());
  }

  /** Stores one update from an editor (base64); throws 400 when it is not a Yjs update. */
  async append(pageId: string, update: string, userId: string | null): Promise<void> {
    if (typeof update !== 'string' || !update || update.length > MAX_UPDATE_CHARS)
      throw badRequest('update must be a base64 Yjs update');
    try {
      Y.decodeUpdate(fromBase64(update));
    } catch {
      throw badRequest('update must be a base64 Yjs update');
    }
    await this.db('rb_docs_page_updates').insert({
      page_id: pageId,
      data: update,
      created_by: userId,
      created_at: Date.now(),
    });
    // The 200th waiting update merges them into the state at once, however slowly the updates arrived.
    if ((await this.waiting(pageId)) >= COMPACT_AFTER) await this.compact(pageId);
    this.scheduleDerive(pageId);
  }

  private async waiting(pageId: string): Promise<number> {
    const count = await this.db('rb_docs_page_updates').where({ page_id: pageId }).count({ n: '*' }).first();
    return toNum(count?.n ?? 0);
  }

  /** Merges the appended updates into the page row's state and refreshes the derived JSON and text. */
  async compact(pageId: string): Promise<void> {
    await this.db.transaction(async (trx) => {
      const last = await trx('rb_docs_page_updates').where({ page_id: pageId }).max({ max: 'id' }).first();
      const state = await this.load(pageId, trx);
      const doc = docFromState(state);
      const content = docToJson(doc);
      await trx('rb_docs_pages')
        .where({ id: pageId })
        .update({
          state: toBase64(Y.encodeStateAsUpdate(doc)),
          content: JSON.stringify(content),
          text: jsonToText(content),
        });
      if (last?.max !== null && last?.max !== undefined)
        await trx('rb_docs_page_updates')
          .where({ page_id: pageId })
          .andWhere('id', '<=', toNum(last.max))
          .delete();
    });
  }

  /** Refreshes the derived JSON and text now (and compacts when many updates wait). */
  async derive(pageId: string): Promise<void> {
    const timer = this.timers.get(pageId);
    if (timer) clearTimeout(timer);
    this.timers.delete(pageId);
    if ((await this.waiting(pageId)) >= COMPACT_AFTER) return this.compact(pageId);
    const doc = docFromState(await this.load(pageId));
    const content = docToJson(doc);
    await this.pages.setDerived(pageId, content, jsonToText(content));
    await this.autoSnapshot(pageId);
  }

  /** Waits for scheduled derivations (tests, shutdown). */
  async flush(): Promise<void> {
    await Promise.all([...this.timers.keys()].map((id) => this.derive(id).catch(() => undefined)));
    await Promise.all(this.pending.values());
  }

  close(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  private scheduleDerive(pageId: string): void {
    const old = this.timers.get(pageId);
    if (old) clearTimeout(old);
    const timer = setTimeout(() => {
      this.timers.delete(pageId);
      const run = this.derive(pageId)
        .catch((err) => this.log.warn({ err, pageId }, 'docs: deriving page content failed'))
        .finally(() => this.pending.delete(pageId));
      this.pending.set(pageId, run);
    }, DERIVE_DELAY_MS);
    timer.unref?.();
    this.timers.set(pageId, timer);
  }

  private async autoSnapshot(pageId: string): Promise<void> {
    const last = await this.db('rb_docs_page_snapshots')
      .where({ page_id: pageId })
      .max({ at: 'created_at' })
      .first();
    const at = last?.at === null || last?.at === undefined ? 0 : toNum(last.at);
    if (Date.now() - at >= AUTO_SNAPSHOT_EVERY_MS) await this.snapshot(pageId, 'auto', null);
  }

  /** Records the page's current state as a snapshot (docs_page_snapshot). */
  async snapshot(
    pageId: string,
    kind: DocsSnapshot['kind'],
    userId: string | null,
    title?: string,
  ): Promise<DocsSnapshot> {
    const state = await this.load(pageId);
    const content = docToJson(docFromState(state));
    const row = {
      id: newId('docsSnapshot'),
      page_id: pageId,
      title: title?.trim() || new Date().toISOString(),
      kind,
      state: toBase64(state),
      content: JSON.stringify(content),
      created_by: userId,
      created_at: Date.now(),
    };
    await this.db('rb_docs_page_snapshots').insert(row);
    return snapshotFromRow(row);
  }

  /**
   * Makes the page's content that of the snapshot again, as a normal Yjs update on top of the current state,
   * so open editors merge it like any other edit. The state before the restore is kept as a snapshot first.
   * Returns the update (base64) to broadcast.
   */
  async restore(pageId: string, snapshotId: string, userId: string): Promise<string> {
    const snap = await this.db('rb_docs_page_snapshots').where({ id: snapshotId, page_id: pageId }).first();
    if (!snap) throw notFound('Snapshot not found');
    await this.snapshot(pageId, 'restore', userId);
    const doc = docFromState(await this.load(pageId));
    const before = Y.encodeStateVector(doc);
    const old = docFromState(fromBase64(snap.state));
    const fragment = doc.getXmlFragment(DOC_FIELD);
    doc.transact(() => {
      fragment.delete(0, fragment.length);
      fragment.insert(
        0,
        old
          .getXmlFragment(DOC_FIELD)
          .toArray()
          .map((n) => n.clone() as Y.XmlElement | Y.XmlText),
      );
    });
    const update = toBase64(Y.encodeStateAsUpdate(doc, before));
    await this.append(pageId, update, userId);
    await this.derive(pageId);
    return update;
  }

  async listSnapshots(pageId: string): Promise<DocsSnapshot[]> {
    const rows = await this.db('rb_docs_page_snapshots')
      .where({ page_id: pageId })
      .select('id', 'page_id', 'title', 'kind', 'created_by', 'created_at')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
    return rows.map(snapshotFromRow);
  }
}

function snapshotFromRow(r: Record<string, any>): DocsSnapshot {
  return {
    id: r.id,
    page_id: r.page_id,
    title: r.title,
    kind: r.kind,
    created_by: r.created_by ?? null,
    created_at: toNum(r.created_at),
  };
}
