/**
 * Widgets refetch when rows of their table change (docs/dashboards.md): one socket.io connection per open
 * dashboard joins the room of every table its widgets read; each `row:changed` marks the data of the widgets
 * over that table stale, and TanStack Query refetches what is on screen.
 */
import type { WidgetData } from '@rowbase/core/api/dashboards';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { useToken } from '../session/session';

export function useTableRefresh(tableIds: readonly string[]): void {
  const qc = useQueryClient();
  const token = useToken();
  const key = [...new Set(tableIds)].sort().join(',');
  useEffect(() => {
    if (!token || !key) return;
    const tables = key.split(',');
    const socket = io(window.location.origin, {
      path: '/socket.io',
      auth: { token },
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
    });
    socket.on('connect', () => tables.forEach((id) => socket.emit('subscribe:table', id)));
    socket.on('row:changed', (event: { tableId?: string }) => {
      void qc.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === 'widget-data' &&
          (!event?.tableId || (q.state.data as WidgetData | undefined)?.tableId === event.tableId),
      });
    });
    return () => {
      tables.forEach((id) => socket.emit('unsubscribe:table', id));
      socket.close();
    };
  }, [key, token, qc]);
}
