/**
 * Contracts of row comments, in both path families NocoDB clients use:
 * - `/api/v1/db/meta/comments`, `/comment/{id}`, `/comments/count` (NocoDB 0.301): a comment is
 *   `{ id, fk_model_id, row_id, comment, created_by, created_by_email, resolved_by, resolved_by_email, … }`;
 * - `/api/v1/db/meta/audits/comments`, `/audits/{id}/comment`, `/audits/comments/count` (older clients): the same
 *   comment shown as an audit entry `{ id, op_type: 'COMMENT', description, user, row_id, fk_model_id, … }`.
 */
import { z } from 'zod';

const COMMENT_MAX = 10_000;

const idField = (name: string) =>
  z
    .union([z.string(), z.number()], { error: `${name} is required` })
    .transform((v) => String(v).trim())
    .refine((v) => v.length > 0 && v.length <= 255, `${name} is required (at most 255 characters)`);

const commentText = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .trim()
    .min(1, `${name} cannot be empty`)
    .max(COMMENT_MAX, `${name} must be at most ${COMMENT_MAX} characters`);

/** `GET /comments?fk_model_id&row_id` and `GET /audits/comments?fk_model_id&row_id`. */
export const listCommentsQuery = z.object({
  fk_model_id: idField('fk_model_id'),
  row_id: idField('row_id'),
});

/** `POST /comments` */
export const createCommentBody = z.object({
  fk_model_id: idField('fk_model_id'),
  row_id: idField('row_id'),
  comment: commentText('comment'),
});
export type CreateCommentBody = z.infer<typeof createCommentBody>;

/** `POST /audits/comments`: the older family names the text `description`. */
export const createAuditCommentBody = z.object({
  fk_model_id: idField('fk_model_id'),
  row_id: idField('row_id'),
  description: commentText('description'),
});

/**
 * `PATCH /comment/{id}`: new text (author only), and/or `resolved_by` — any truthy value resolves the comment as
 * the caller, null reopens it.
 */
export const updateCommentBody = z
  .object({
    comment: commentText('comment').optional(),
    resolved_by: z.union([z.string(), z.boolean(), z.null()]).optional(),
    fk_model_id: z.string().optional(),
  })
  .refine((b) => b.comment !== undefined || b.resolved_by !== undefined, {
    message: 'comment or resolved_by is required',
    path: ['comment'],
  });
export type UpdateCommentBody = z.infer<typeof updateCommentBody>;

/** `PATCH /audits/{id}/comment` */
export const updateAuditCommentBody = z.object({ description: commentText('description') });

/** `GET …/count?fk_model_id&ids[]=1&ids[]=2` (also `ids=1,2` or a repeated `ids`). */
export const countCommentsQuery = z.object({
  fk_model_id: idField('fk_model_id'),
  ids: z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], {
      error: 'ids is required',
    })
    .transform((v) =>
      (Array.isArray(v) ? v : String(v).split(',')).map((x) => String(x).trim()).filter((x) => x.length > 0),
    )
    .refine((ids) => ids.length <= 1000, 'ids must list at most 1000 rows'),
});

export interface CommentMeta {
  id: string;
  fk_model_id: string;
  row_id: string;
  comment: string;
  parent_comment_id: string | null;
  base_id: string;
  source_id: string | null;
  created_by: string;
  created_by_email: string;
  created_display_name: string | null;
  resolved_by: string | null;
  resolved_by_email: string | null;
  is_deleted: boolean;
  created_at: string;
  updated_at: string;
}

/** A comment as the audit family shows it. */
export interface AuditCommentMeta {
  id: string;
  user: string;
  display_name: string | null;
  fk_user_id: string;
  base_id: string;
  fk_model_id: string;
  row_id: string;
  op_type: 'COMMENT';
  op_sub_type: 'INSERT' | 'UPDATE';
  description: string;
  created_at: string;
  updated_at: string;
}

export interface CommentCount {
  row_id: string;
  count: number;
}

export function auditCommentOf(c: CommentMeta): AuditCommentMeta {
  return {
    id: c.id,
    user: c.created_by_email,
    display_name: c.created_display_name,
    fk_user_id: c.created_by,
    base_id: c.base_id,
    fk_model_id: c.fk_model_id,
    row_id: c.row_id,
    op_type: 'COMMENT',
    op_sub_type: c.created_at === c.updated_at ? 'INSERT' : 'UPDATE',
    description: c.comment,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}
