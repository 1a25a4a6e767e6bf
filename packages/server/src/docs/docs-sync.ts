/**
 * Live editing of documentation pages over the realtime connection (docs/documentation-bases.md
 * "Live editing"). Messages, all with an acknowledgement callback:
 * - `doc:join` pageId → `{ ok, state, canEdit }`: joins the page's room; `state` is the whole Yjs state (base64).
 * - `doc:update` `{ pageId, update }` → `{ ok }`: stores the update, then sends it to the room's other sockets;
 *   `{ ok: false, final: true }` when it can never be stored (no right to edit, page gone).
 *   A client keeps an update until it is acknowledged and sends it again after a reconnect (Yjs ignores
 *   duplicates), so no keystroke is lost.
 * - `doc:awareness` `{ pageId, update }`: cursors and names, relayed to the room, never stored.
 * - `doc:leave` pageId.
 * - `docs:watch` baseId: joins the base's room, which hears `docs:pages { baseId }` whenever its page tree changes.
 */
import type { FastifyRequest } from 'fastify';
import type { Server, Socket } from 'socket.io';
import { parseRoles } from '@rowbase/core/permissions/roles';
import type { AppContext } from '../context.js';
import { authorizeBaseAccess } from '../http/authorize.js';
import { mayDo, pageStatesOf, pagesRepo, type DocsAction } from './docs-access.js';
import { toBase64 } from './doc-content.js';

type Ack = (reply: Record<string, unknown>) => void;

export const docRoom = (pageId: string) => `doc:${pageId}`;
export const docsBaseRoom = (baseId: string) => `docs-base:${baseId}`;

const isPageId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 20;

/** Whether the socket's user may do `action` on the page (re-checked on every message: roles change). */
async function mayOnPage(ctx: AppContext, userId: string, pageId: string, action: DocsAction) {
  const user = await ctx.access.user(userId);
  if (!user || user.blocked) return false;
  const page = await pagesRepo(ctx).byId(pageId);
  if (!page) return false;
  const base = await ctx.bases.byId(page.base_id);
  if (base?.type !== 'documentation') return false;
  const asRequest = { principal: { user, roles: parseRoles(user.roles), via: 'jwt' }, headers: {} };
  try {
    const { held } = await authorizeBaseAccess(ctx, asRequest as unknown as FastifyRequest, page.base_id);
    return mayDo(held, action);
  } catch {
    return false;
  }
}

async function mayReadBase(ctx: AppContext, userId: string, baseId: string): Promise<boolean> {
  const user = await ctx.access.user(userId);
  if (!user || user.blocked) return false;
  const asRequest = { principal: { user, roles: parseRoles(user.roles), via: 'jwt' }, headers: {} };
  try {
    await authorizeBaseAccess(ctx, asRequest as unknown as FastifyRequest, baseId);
    return true;
  } catch {
    return false;
  }
}

export function attachDocSync(io: Server, ctx: AppContext): void {
  const states = pageStatesOf(ctx);
  io.on('connection', (socket: Socket) => {
    const userId = () => (socket.data as { userId: string }).userId;
    const reply = (ack: unknown, body: Record<string, unknown>) => {
      if (typeof ack === 'function') (ack as Ack)(body);
    };

    socket.on('doc:join', async (pageId: unknown, ack: unknown) => {
      try {
        if (!isPageId(pageId) || !(await mayOnPage(ctx, userId(), pageId, 'read')))
          return reply(ack, { ok: false, message: 'Page not found' });
        await socket.join(docRoom(pageId));
        const state = toBase64(await states.load(pageId));
        reply(ack, { ok: true, state, canEdit: await mayOnPage(ctx, userId(), pageId, 'write') });
      } catch (err) {
        ctx.log.warn({ err, pageId }, 'docs: join failed');
        reply(ack, { ok: false, message: 'Could not open the page' });
      }
    });

    socket.on('docs:watch', async (baseId: unknown) => {
      if (typeof baseId !== 'string' || baseId.length > 20) return;
      if (await mayReadBase(ctx, userId(), baseId)) await socket.join(docsBaseRoom(baseId));
    });

    socket.on('doc:leave', (pageId: unknown) => {
      if (isPageId(pageId)) void socket.leave(docRoom(pageId));
    });

    socket.on('doc:update', async (msg: unknown, ack: unknown) => {
      const { pageId, update } = (msg ?? {}) as { pageId?: unknown; update?: unknown };
      try {
        // `final`: sending the same update again cannot succeed (the client stops retrying).
        if (!isPageId(pageId) || !socket.rooms.has(docRoom(pageId)))
          return reply(ack, { ok: false, final: true, message: 'Join the page first' });
        if (!(await mayOnPage(ctx, userId(), pageId, 'write')))
          return reply(ack, { ok: false, final: true, message: 'You are not allowed to edit this page' });
        await states.append(pageId, update as string, userId());
        socket.to(docRoom(pageId)).emit('doc:update', { pageId, update });
        reply(ack, { ok: true });
      } catch (err) {
        ctx.log.warn({ err, pageId }, 'docs: storing an update failed');
        reply(ack, { ok: false, message: 'The update was not stored' });
      }
    });

    socket.on('doc:awareness', (msg: unknown) => {
      const { pageId, update } = (msg ?? {}) as { pageId?: unknown; update?: unknown };
      if (!isPageId(pageId) || !socket.rooms.has(docRoom(pageId))) return;
      if (typeof update !== 'string' || update.length > 10_000) return;
      socket.to(docRoom(pageId)).emit('doc:awareness', { pageId, update });
    });
  });
}
