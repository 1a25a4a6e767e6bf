/**
 * Row comments: who may do what, and the change announced to open tabs.
 * Commenters and above write comments and read them (the core permission matrix's commentEdit, commentList,
 * commentCount); the text of a comment is changed or deleted only by its author, while anyone who may comment
 * may resolve or reopen it (resolving is about the discussion, not the author's words).
 */
import type { CommentMeta } from '@rowbase/core/api/comments';
import { forbidden, notFound } from '@rowbase/core/errors';
import type { Permission } from '@rowbase/core/permissions/matrix';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { authorize } from '../http/authorize.js';
import { CommentsRepo } from '../meta/repos/comments.js';
import type { User } from '../meta/repos/users.js';
import { notifyComment } from '../notifications/notifications.js';

export const commentsRepo = (ctx: AppContext) => new CommentsRepo(ctx.db);

/** The table a comment call is about, after checking the caller's permission in its base. */
export async function authorizeTable(
  ctx: AppContext,
  req: FastifyRequest,
  tableId: string,
  permission: Permission,
): Promise<{ user: User; table: { id: string; base_id: string; source_id: string } }> {
  const table = await ctx.db('rb_models').where({ id: tableId }).first('id', 'base_id', 'source_id');
  if (!table) throw notFound(`fk_model_id: table '${tableId}' not found`);
  const { principal } = await authorize(ctx, req, permission, { baseId: table.base_id });
  return { user: principal.user, table };
}

export async function createComment(
  ctx: AppContext,
  req: FastifyRequest,
  body: { fk_model_id: string; row_id: string; comment: string },
): Promise<CommentMeta> {
  const { user, table } = await authorizeTable(ctx, req, body.fk_model_id, 'commentEdit');
  const created = await commentsRepo(ctx).insert({
    baseId: table.base_id,
    sourceId: table.source_id,
    tableId: table.id,
    rowId: body.row_id,
    comment: body.comment,
    userId: user.id,
  });
  announce(ctx, created, 'created');
  // Mentions and replies notify after the reply; a failed notification never fails the comment.
  const title = await ctx.db('rb_models').where({ id: table.id }).first('title');
  notifyComment(ctx, created, user, String(title?.title ?? '')).catch((err: unknown) =>
    ctx.log.error({ err }, 'comment notification failed'),
  );
  return created;
}

/** A comment the caller may change, with the check that depends on what is changed. */
async function commentToChange(
  ctx: AppContext,
  req: FastifyRequest,
  id: string,
  authorOnly: boolean,
): Promise<{ comment: CommentMeta; user: User }> {
  const comment = await commentsRepo(ctx).byId(id);
  if (!comment) throw notFound('Comment not found');
  const { user } = await authorizeTable(ctx, req, comment.fk_model_id, 'commentEdit');
  if (authorOnly && comment.created_by !== user.id) {
    throw forbidden('You can only change your own comments');
  }
  return { comment, user };
}

export async function updateComment(
  ctx: AppContext,
  req: FastifyRequest,
  id: string,
  patch: { comment?: string; resolved_by?: string | boolean | null },
): Promise<CommentMeta> {
  const { user } = await commentToChange(ctx, req, id, patch.comment !== undefined);
  const resolvedBy = patch.resolved_by === undefined ? undefined : patch.resolved_by ? user.id : null;
  const updated = await commentsRepo(ctx).update(id, { comment: patch.comment, resolvedBy });
  announce(ctx, updated, 'updated');
  return updated;
}

export async function deleteComment(ctx: AppContext, req: FastifyRequest, id: string): Promise<void> {
  const { comment } = await commentToChange(ctx, req, id, true);
  await commentsRepo(ctx).markDeleted(id);
  announce(ctx, comment, 'deleted');
}

/** Open tabs of the table refresh the row's thread and the grid's comment badge. */
function announce(ctx: AppContext, c: CommentMeta, action: 'created' | 'updated' | 'deleted') {
  ctx.realtime?.emitToTable(c.fk_model_id, 'comment:changed', { action, row_id: c.row_id, id: c.id });
}
