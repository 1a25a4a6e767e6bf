/** Row comments (rb_comments) with their authors' and resolvers' e-mails joined in for presentation. */
import type { CommentCount, CommentMeta } from '@rowbase/core/api/comments';
import type { Knex } from 'knex';
import { newId } from '../ids.js';
import { toBool, toNum } from '../rows.js';

type Row = Record<string, unknown>;

const iso = (ms: unknown) => new Date(toNum(ms)).toISOString();

function fromRow(r: Row): CommentMeta {
  return {
    id: r.id as string,
    fk_model_id: r.fk_model_id as string,
    row_id: r.row_id as string,
    comment: r.comment as string,
    parent_comment_id: (r.parent_comment_id as string | null) ?? null,
    base_id: r.base_id as string,
    source_id: (r.source_id as string | null) ?? null,
    created_by: r.created_by as string,
    created_by_email: (r.created_by_email as string | null) ?? '',
    created_display_name: (r.created_display_name as string | null) ?? null,
    resolved_by: (r.resolved_by as string | null) ?? null,
    resolved_by_email: (r.resolved_by_email as string | null) ?? null,
    is_deleted: toBool(r.is_deleted),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export class CommentsRepo {
  constructor(private readonly db: Knex) {}

  private select() {
    return this.db('rb_comments as c')
      .leftJoin('rb_users as author', 'author.id', 'c.created_by')
      .leftJoin('rb_users as resolver', 'resolver.id', 'c.resolved_by')
      .select(
        'c.*',
        'author.email as created_by_email',
        'author.display_name as created_display_name',
        'resolver.email as resolved_by_email',
      );
  }

  async insert(c: {
    baseId: string;
    sourceId: string | null;
    tableId: string;
    rowId: string;
    comment: string;
    userId: string;
  }): Promise<CommentMeta> {
    const id = newId('comment');
    const now = Date.now();
    await this.db('rb_comments').insert({
      id,
      base_id: c.baseId,
      source_id: c.sourceId,
      fk_model_id: c.tableId,
      row_id: c.rowId,
      comment: c.comment,
      created_by: c.userId,
      is_deleted: false,
      created_at: now,
      updated_at: now,
    });
    return (await this.byId(id))!;
  }

  /** A comment that was not deleted. */
  async byId(id: string): Promise<CommentMeta | undefined> {
    const r = await this.select().where('c.id', id).where('c.is_deleted', false).first();
    return r ? fromRow(r) : undefined;
  }

  /** The thread of one row, oldest first. */
  async listForRow(tableId: string, rowId: string): Promise<CommentMeta[]> {
    const rows = await this.select()
      .where({ 'c.fk_model_id': tableId, 'c.row_id': rowId, 'c.is_deleted': false })
      .orderBy([{ column: 'c.created_at' }, { column: 'c.id' }]);
    return rows.map(fromRow);
  }

  async update(id: string, patch: { comment?: string; resolvedBy?: string | null }): Promise<CommentMeta> {
    const set: Row = { updated_at: Date.now() };
    if (patch.comment !== undefined) set.comment = patch.comment;
    if (patch.resolvedBy !== undefined) set.resolved_by = patch.resolvedBy;
    await this.db('rb_comments').where({ id }).update(set);
    return (await this.byId(id))!;
  }

  async markDeleted(id: string): Promise<void> {
    await this.db('rb_comments').where({ id }).update({ is_deleted: true, updated_at: Date.now() });
  }

  /** How many comments each of the given rows has; rows without comments are left out, as NocoDB does. */
  async countForRows(tableId: string, rowIds: string[]): Promise<CommentCount[]> {
    if (!rowIds.length) return [];
    const rows = await this.db('rb_comments')
      .where({ fk_model_id: tableId, is_deleted: false })
      .whereIn('row_id', rowIds)
      .groupBy('row_id')
      .select('row_id')
      .count<{ row_id: string; count: unknown }[]>({ count: '*' });
    return rows.map((r) => ({ row_id: String(r.row_id), count: toNum(r.count) }));
  }
}
