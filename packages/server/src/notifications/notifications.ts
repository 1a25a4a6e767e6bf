/**
 * Notifications of a user (docs/notifications.md) and the comment triggers: being mentioned in a row comment,
 * and a new comment on a row you commented on. A mention is stored in the comment as `@(userId|email|name)`;
 * members of the comment's base other than the author get one notification per comment, however often they are
 * mentioned in it. Each new notification wakes the user's long polls and is pushed to their open tabs.
 */
import type { CommentMeta } from '@rowbase/core/api/comments';
import type { Knex } from 'knex';
import type { AppContext } from '../context.js';
import { newId } from '../meta/ids.js';
import { toBool, toNum } from '../meta/rows.js';
import { wakeWaiters } from './notification-waiters.js';

const MENTION = /@\(([^|)]+)\|[^|)]*\|[^)]*\)/g;

export function mentionedUserIds(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((m) => m[1]!))];
}

type Row = Record<string, unknown>;

function notificationOf(r: Row) {
  return {
    id: r.id as string,
    fk_user_id: r.fk_user_id as string,
    type: r.type as string,
    body: JSON.parse(String(r.body)) as Record<string, unknown>,
    is_read: toBool(r.is_read),
    is_deleted: toBool(r.is_deleted),
    created_at: new Date(toNum(r.created_at)).toISOString(),
    updated_at: new Date(toNum(r.updated_at)).toISOString(),
  };
}

/** Sends a new notification to the user's open tabs (socket.io, `notification:created`). */
export type NotificationPush = (userId: string, notification: ReturnType<typeof notificationOf>) => void;

export class NotificationsRepo {
  constructor(
    private readonly db: Knex,
    private readonly push?: NotificationPush,
  ) {}

  async add(userIds: string[], type: string, body: Record<string, unknown>): Promise<void> {
    if (!userIds.length) return;
    const now = Date.now();
    const rows = userIds.map((fk_user_id) => ({
      id: newId('notification'),
      fk_user_id,
      type,
      body: JSON.stringify(body),
      is_read: false,
      is_deleted: false,
      created_at: now,
      updated_at: now,
    }));
    await this.db('rb_notifications').insert(rows);
    for (const r of rows) {
      const n = notificationOf(r);
      wakeWaiters(this.db, r.fk_user_id, n);
      this.push?.(r.fk_user_id, n);
    }
  }

  private mine(userId: string) {
    return this.db('rb_notifications').where({ fk_user_id: userId, is_deleted: false });
  }

  async list(userId: string, page: { limit: number; offset: number; isRead?: boolean }) {
    const filtered = () => {
      const q = this.mine(userId);
      if (page.isRead !== undefined) q.where({ is_read: page.isRead });
      return q;
    };
    // The page and both counts in one statement, so one snapshot: a notification written meanwhile shows in all
    // three or in none (three statements on three pooled connections could list it and count it unread as 0).
    const unreadOf = () => this.mine(userId).where({ is_read: false }).count({ n: '*' });
    const rows = (await filtered()
      .select('*', filtered().count({ n: '*' }).as('rb_total'), unreadOf().as('rb_unread'))
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(page.limit)
      .offset(page.offset)) as Row[];
    // No row to carry the counts (none, or a page past the end): they are read on their own.
    const [total, unread] = rows.length
      ? [[{ n: rows[0]!.rb_total }], [{ n: rows[0]!.rb_unread }]]
      : await Promise.all([filtered().count<{ n: unknown }[]>({ n: '*' }), unreadOf()]);
    const totalRows = toNum(total[0]?.n);
    return {
      list: rows.map(notificationOf),
      pageInfo: {
        totalRows,
        page: Math.floor(page.offset / page.limit) + 1,
        pageSize: page.limit,
        isFirstPage: page.offset === 0,
        isLastPage: page.offset + rows.length >= totalRows,
      },
      unreadCount: toNum(unread[0]?.n),
    };
  }

  /** Changes one of the user's notifications; false when it is not theirs (or gone). */
  async update(
    userId: string,
    id: string,
    patch: { is_read?: boolean; is_deleted?: boolean },
  ): Promise<boolean> {
    const n = await this.mine(userId)
      .where({ id })
      .update({ ...patch, updated_at: Date.now() });
    return n > 0;
  }

  async markAllRead(userId: string): Promise<void> {
    await this.mine(userId).where({ is_read: false }).update({ is_read: true, updated_at: Date.now() });
  }
}

/** The notifications store of the app, pushing each new notification to the user's open tabs. */
export function notificationsOf(ctx: Pick<AppContext, 'db' | 'realtime'>): NotificationsRepo {
  return new NotificationsRepo(ctx.db, (userId, n) =>
    ctx.realtime?.emitToUser(userId, 'notification:created', n),
  );
}

async function membersAmong(ctx: AppContext, baseId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  return (await ctx
    .db('rb_base_users')
    .where({ base_id: baseId })
    .whereIn('user_id', ids)
    .pluck('user_id')) as string[];
}

/**
 * Notifies about a new comment: the base members mentioned in it get `mention`; the others who commented on the
 * same row before get `comment_reply`. Never the author, and never two notifications for one comment.
 */
export async function notifyComment(
  ctx: AppContext,
  comment: CommentMeta,
  author: { id: string; email: string; displayName?: string | null },
  tableTitle: string,
): Promise<void> {
  const mentioned = await membersAmong(
    ctx,
    comment.base_id,
    mentionedUserIds(comment.comment).filter((id) => id !== author.id),
  );
  // Earlier in the thread's order (created_at, then id): a comment posted right after this one, stored before
  // this notification runs, is not "before" it.
  const at = Date.parse(comment.created_at);
  const earlier = (await ctx
    .db('rb_comments')
    .where({ fk_model_id: comment.fk_model_id, row_id: comment.row_id, is_deleted: false })
    .where((q) =>
      q
        .where('created_at', '<', at)
        .orWhere((same) => same.where('created_at', at).where('id', '<', comment.id)),
    )
    .distinct('created_by')
    .pluck('created_by')) as string[];
  const repliedTo = await membersAmong(
    ctx,
    comment.base_id,
    earlier.filter((id) => id !== author.id && !mentioned.includes(id)),
  );
  const body = {
    base_id: comment.base_id,
    fk_model_id: comment.fk_model_id,
    table_title: tableTitle,
    row_id: comment.row_id,
    comment_id: comment.id,
    comment: comment.comment,
    user: { id: author.id, email: author.email, display_name: author.displayName ?? null },
  };
  const repo = notificationsOf(ctx);
  await repo.add(mentioned, 'mention', body);
  await repo.add(repliedTo, 'comment_reply', body);
}
