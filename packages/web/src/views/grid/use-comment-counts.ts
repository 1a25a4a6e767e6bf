/**
 * Feeds the grid's comment badges: after each painted frame, the visible loaded rows not asked about yet are
 * collected and, after a short pause (scrolling asks once, not per frame), counted in one request.
 * A comment changed by someone else (a realtime event) makes its row ask again. Only for users who may count
 * comments.
 */
import { useEffect, useState } from 'react';
import { commentsApi } from '../record/comments-api';
import { CommentCounts } from './comment-counts';
import type { GridController } from './grid-controller';
import { visibleRows } from './renderer';

const PAUSE_MS = 150;

export function useCommentCounts(g: GridController, tableId: string, enabled: boolean): CommentCounts {
  const [counts] = useState(() => new CommentCounts());
  useEffect(() => {
    if (!enabled) return;
    g.commentCount = (rowId) => counts.get(rowId);
    g.onRemoteComment = (rowId) => {
      counts.forget([rowId]);
      g.scheduleDraw();
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: unknown[] = [];
    const ask = () => {
      timer = undefined;
      const ids = counts.take(pending);
      pending = [];
      if (!ids.length) return;
      commentsApi
        .count(tableId, ids)
        .then((answer) => {
          counts.receive(ids, answer);
          g.scheduleDraw();
        })
        .catch(() => counts.forget(ids));
    };
    const off = g.onFrame(() => {
      const [first, last] = visibleRows(g);
      for (let r = first; r <= last; r++) {
        const d = g.dataRow(r);
        if (d >= 0 && g.cache.isLoaded(d)) pending.push(g.cache.rowId(d));
      }
      if (pending.length && !timer) timer = setTimeout(ask, PAUSE_MS);
    });
    g.scheduleDraw();
    return () => {
      off();
      clearTimeout(timer);
      g.commentCount = undefined;
      g.onRemoteComment = undefined;
    };
  }, [g, counts, tableId, enabled]);
  return counts;
}
