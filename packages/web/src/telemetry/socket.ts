/**
 * The real-time telemetry connection (docs/behaviour/web-app.md, docs/architecture.md#realtime, docs/behaviour/limits.md): opened at `{site}/socket.io` with the auth token when
 * signed in, replaced when the token changes, closed on sign-out and on any connection error — and then not
 * retried, so a server without socket.io costs one failed handshake, not a retry storm.
 */
import { io, type Socket } from 'socket.io-client';

let socket: Socket | null = null;
let socketToken: string | null = null;
/** Handlers for server pushes, kept across reconnections and token changes (one connection per tab). */
type Handler = (...args: unknown[]) => void;
const handlers = new Map<string, Set<Handler>>();

/** `https://host/sub/` -> origin `https://host`, path `/sub/socket.io`. */
export function socketTarget(siteUrl: string): { origin: string; path: string } {
  const url = new URL(siteUrl);
  return { origin: url.origin, path: `${url.pathname.replace(/\/+$/, '')}/socket.io` };
}

export function closeSocket(): void {
  socket?.removeAllListeners();
  socket?.close();
  socket = null;
  socketToken = null;
}

/** Opens (or keeps, or replaces) the connection for this token; closes it when the token is null. */
export function syncSocket(siteUrl: string, token: string | null): void {
  if (token === socketToken && socket) return;
  closeSocket();
  if (!token) return;
  const { origin, path } = socketTarget(siteUrl);
  const s = io(origin, {
    path,
    extraHeaders: { 'xc-auth': token },
    auth: { token },
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
    timeout: 20_000,
  });
  s.on('connect_error', () => {
    if (socket === s) closeSocket();
    else s.close();
  });
  for (const [event, set] of handlers) for (const h of set) s.on(event, h);
  socket = s;
  socketToken = token;
}

/** Listens for a server push on the tab's one connection (whichever it is now or later); returns the unsubscribe. */
export function onSocketEvent(event: string, handler: Handler): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler);
  socket?.on(event, handler);
  return () => {
    set.delete(handler);
    socket?.off(event, handler);
  };
}

export function emitTelemetry(kind: 'page' | 'event', payload: Record<string, unknown>): void {
  if (socket?.connected) socket.emit(kind, payload);
}
