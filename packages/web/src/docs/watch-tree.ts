/**
 * Keeps a documentation base's page tree fresh: joins the base's room on the realtime connection and reloads the
 * tree whenever another user creates, renames, moves, publishes or deletes a page (docs/documentation-bases.md).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { getToken } from '../session/session';
import { docsPagesKey } from './docs-api';

export function useWatchDocsTree(baseId: string): void {
  const qc = useQueryClient();
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    const socket = io(window.location.origin, {
      path: '/socket.io',
      auth: { token },
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
    });
    socket.on('connect', () => socket.emit('docs:watch', baseId));
    socket.on('docs:pages', (msg: { baseId?: string }) => {
      if (msg?.baseId === baseId) void qc.invalidateQueries({ queryKey: docsPagesKey(baseId) });
    });
    return () => {
      socket.removeAllListeners();
      socket.close();
    };
  }, [baseId, qc]);
}
