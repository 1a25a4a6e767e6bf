/**
 * The realtime connection (docs/architecture.md#realtime "Real-time telemetry"): socket.io at `/socket.io` on the app's port.
 * A client authenticates with its JWT (`auth.token`, or the `xc-auth` header); `page` and `event` messages are
 * recorded as telemetry (logged at debug level; teleEnabled is off by default so nothing leaves the server).
 * Rooms per table let the change feed's realtime subscriber push row changes to every open tab
 * (`emitToTable`, see row-announce.ts).
 */
import { parseRoles } from '@rowbase/core/permissions/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { AppContext } from '../context.js';
import { attachDocSync, docRoom, docsBaseRoom } from '../docs/docs-sync.js';
import { authorizeBaseAccess } from '../http/authorize.js';
import type { RealtimeAdapter } from '../scale/scale-out.js';

export interface Realtime {
  /** Sends an event to every socket that joined the table's room. */
  emitToTable(tableId: string, event: string, payload: unknown): void;
  /**
   * Whether any socket of this process listens to the table; announcing skips reading rows back when none
   * does. (A Redis adapter spanning processes must answer true.)
   */
  watched(tableId: string): boolean;
  /** Sends an event to every open tab of one user (their notifications, docs/notifications.md). */
  emitToUser(userId: string, event: string, payload: unknown): void;
  /** Sends an event to every socket editing a documentation page (docs/documentation-bases.md). */
  emitToDoc(pageId: string, event: string, payload: unknown): void;
  /** Tells every socket watching a documentation base that its page tree changed. */
  announceDocsTree(baseId: string): void;
  /**
   * Whether rooms span app processes (Redis adapter): then only the process that committed a change
   * announces it, and events received from other processes are not announced again.
   */
  readonly spansProcesses: boolean;
  close(): Promise<void>;
}

interface SocketData {
  userId: string;
}

/** `adapter`: the Redis adapter in scaled-out mode, so a room spans every app process. */
export function attachRealtime(app: FastifyInstance, ctx: AppContext, adapter?: RealtimeAdapter): Realtime {
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(
    app.server,
    {
      path: '/socket.io',
      serveClient: false,
      cors: { origin: false },
      ...(adapter ? { adapter } : {}),
    },
  );

  io.use(async (socket, next) => {
    const token = tokenOf(socket);
    const claims = token ? await ctx.jwt.verify(token) : undefined;
    const user = claims ? await ctx.access.user(claims.id) : undefined;
    if (!claims || !user || user.tokenVersion !== claims.token_version)
      return next(new Error('Unauthorized'));
    socket.data.userId = user.id;
    next();
  });

  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.userId));
    socket.on('page', (msg: unknown) =>
      app.log.debug({ userId: socket.data.userId, page: msg }, 'telemetry page'),
    );
    socket.on('event', (msg: unknown) =>
      app.log.debug({ userId: socket.data.userId, event: msg }, 'telemetry event'),
    );
    socket.on('subscribe:table', (tableId: unknown) => {
      if (typeof tableId !== 'string' || tableId.length > 64) return;
      // Row events carry row data: only members of the table's base may listen.
      void mayWatchTable(ctx, socket.data.userId, tableId).then(
        (ok) => ok && socket.join(`table:${tableId}`),
        () => undefined,
      );
    });
    socket.on('unsubscribe:table', (tableId: unknown) => {
      if (typeof tableId === 'string') void socket.leave(`table:${tableId}`);
    });
  });

  attachDocSync(io as unknown as Server, ctx);

  return {
    announceDocsTree: (baseId) => {
      io.to(docsBaseRoom(baseId)).emit('docs:pages' as never, { baseId } as never);
    },
    emitToDoc: (pageId, event, payload) => {
      io.to(docRoom(pageId)).emit(event as never, payload as never);
    },
    emitToUser: (userId, event, payload) => {
      io.to(userRoom(userId)).emit(event as never, payload as never);
    },
    emitToTable: (tableId, event, payload) => {
      io.to(`table:${tableId}`).emit(event as never, payload as never);
    },
    // Through the Redis adapter a socket of another process may watch: this process cannot know, so it says yes.
    watched: (tableId) =>
      adapter !== undefined || (io.sockets.adapter.rooms.get(`table:${tableId}`)?.size ?? 0) > 0,
    spansProcesses: adapter !== undefined,
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}

/** Whether the user may read the table's rows (any role in its base but no-access; a super admin always). */
async function mayWatchTable(ctx: AppContext, userId: string, tableId: string): Promise<boolean> {
  const user = await ctx.access.user(userId);
  if (!user || user.blocked) return false;
  const { model } = await ctx.tableModels.get(ctx, tableId);
  // The same check the row routes make, over the socket's user instead of a request's.
  const asRequest = { principal: { user, roles: parseRoles(user.roles), via: 'jwt' }, headers: {} };
  await authorizeBaseAccess(ctx, asRequest as unknown as FastifyRequest, model.baseId);
  return true;
}

const userRoom = (userId: string) => `user:${userId}`;

function tokenOf(socket: Socket): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth;
  const header = socket.handshake.headers['xc-auth'];
  return typeof header === 'string' && header ? header : undefined;
}
