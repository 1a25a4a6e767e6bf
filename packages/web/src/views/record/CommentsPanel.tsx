/**
 * The comments of one row in the expanded record: the thread with @mentions shown as tags, a box to add one
 * (with member completion), editing and deleting your own, and resolving or reopening any. Shown to those who
 * may read comments (commenter and above); the box only to those who may write them.
 */
import type { CommentMeta } from '@rowbase/core/api/comments';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/auth';
import { basesApi, baseUsersKey } from '../../api/bases';
import { usePermissions } from '../../app/use-permissions';
import { commentsApi } from './comments-api';
import { MentionInput } from './MentionInput';
import { splitMentions, toEditable, toStored, type Member } from './mentions';

interface Props {
  baseId: string;
  tableId: string;
  rowId: string;
  onError(message: string): void;
  /** The row's number of comments changed (the grid's badge follows). */
  onCountChanged(rowId: string, count: number): void;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function CommentsPanel({ baseId, tableId, rowId, onError, onCountChanged }: Props) {
  const { t } = useTranslation();
  const { allowed, loaded } = usePermissions(baseId);
  const me = useMe(baseId).data;
  const canRead = allowed('commentList');
  const canWrite = allowed('commentEdit');
  const members = useQuery({
    queryKey: baseUsersKey(baseId),
    queryFn: () => basesApi.users(baseId),
    enabled: canWrite,
  }).data?.users.list;
  const memberList: Member[] = (members ?? []).map((u) => ({
    id: u.id,
    email: u.email,
    display_name: u.display_name,
  }));
  const [comments, setComments] = useState<CommentMeta[]>([]);
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: string; text: string }>();

  const reload = useCallback(async () => {
    const list = await commentsApi.list(tableId, rowId);
    setComments(list);
    return list;
  }, [tableId, rowId]);

  useEffect(() => {
    if (canRead) reload().catch((e) => onError(messageOf(e)));
  }, [canRead, reload, onError]);

  /** Runs a change, then reloads the thread and reports the new count. */
  const change = async (run: () => Promise<unknown>) => {
    try {
      await run();
      const list = await reload();
      onCountChanged(rowId, list.length);
      return true;
    } catch (e) {
      onError(messageOf(e));
      return false;
    }
  };

  const add = async () => {
    if (!draft.trim()) return;
    if (await change(() => commentsApi.create(tableId, rowId, toStored(draft, memberList)))) setDraft('');
  };

  const saveEdit = async () => {
    if (!editing || !editing.text.trim()) return;
    const { id, text } = editing;
    if (await change(() => commentsApi.edit(id, toStored(text, memberList)))) setEditing(undefined);
  };

  if (!loaded || !canRead) return null;
  return (
    <section className="border-t border-gray-100 pt-3" data-testid="comments-panel">
      <h3 className="mb-2 text-sm font-medium">{t('grid.record.comments')}</h3>
      <ul className="mb-2 flex flex-col gap-2 text-sm">
        {comments.map((c) => {
          const mine = c.created_by === me?.id;
          return (
            <li key={c.id} data-testid="comment" className="rounded bg-gray-50 px-2 py-1">
              <div className="flex items-center gap-2 text-xs text-gray-500">
                <span className="font-medium text-gray-700">
                  {c.created_display_name || c.created_by_email}
                </span>
                <span title={new Date(c.created_at).toLocaleString()}>{relativeTime(c.created_at)}</span>
                {c.updated_at !== c.created_at && <span>{t('grid.record.edited')}</span>}
                {c.resolved_by && (
                  <Tag color="green" data-testid="comment-resolved">
                    {t('grid.record.resolved')}
                  </Tag>
                )}
                <span className="ml-auto flex gap-1">
                  {canWrite && (
                    <Button
                      size="small"
                      type="text"
                      onClick={() => void change(() => commentsApi.resolve(c.id, !c.resolved_by))}
                    >
                      {c.resolved_by ? t('grid.record.reopen') : t('grid.record.resolve')}
                    </Button>
                  )}
                  {canWrite && mine && (
                    <Button
                      size="small"
                      type="text"
                      onClick={() => setEditing({ id: c.id, text: toEditable(c.comment) })}
                    >
                      {t('grid.record.editComment')}
                    </Button>
                  )}
                  {canWrite && mine && (
                    <Button
                      size="small"
                      type="text"
                      danger
                      onClick={() => void change(() => commentsApi.remove(c.id))}
                    >
                      {t('grid.record.deleteComment')}
                    </Button>
                  )}
                </span>
              </div>
              {editing?.id === c.id ? (
                <div className="mt-1 flex gap-2">
                  <MentionInput
                    testId="comment-edit-input"
                    value={editing.text}
                    members={memberList}
                    onChange={(text) => setEditing({ id: c.id, text })}
                    onSubmit={() => void saveEdit()}
                  />
                  <Button size="small" onClick={() => void saveEdit()}>
                    {t('grid.record.saveComment')}
                  </Button>
                </div>
              ) : (
                <p className="break-words whitespace-pre-wrap" data-testid="comment-text">
                  {splitMentions(c.comment).map((part, i) =>
                    'mention' in part ? (
                      <span
                        key={i}
                        data-testid="mention"
                        title={part.mention.email}
                        className="rounded bg-indigo-50 px-1 text-indigo-700"
                      >
                        @{part.mention.name}
                      </span>
                    ) : (
                      <span key={i}>{part.text}</span>
                    ),
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {canWrite && (
        <div className="flex items-start gap-2">
          <MentionInput
            testId="comment-input"
            value={draft}
            members={memberList}
            placeholder={t('grid.record.comment')}
            onChange={setDraft}
            onSubmit={() => void add()}
          />
          <Button data-testid="comment-submit" onClick={() => void add()}>
            {t('grid.record.addComment')}
          </Button>
        </div>
      )}
    </section>
  );
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "2 minutes ago" in the page's language. */
function relativeTime(iso: string): string {
  const seconds = (new Date(iso).getTime() - Date.now()) / 1000;
  const format = new Intl.RelativeTimeFormat(document.documentElement.lang || undefined, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds), 'second');
}
