/**
 * Sharing a view: a public uuid, an optional password (stored as an argon2 hash, never sent back), and
 * share settings in the view's meta (allowCSVDownload). Disabling clears the uuid, so old links 404 at once.
 */
import { randomUUID } from 'node:crypto';
import type { UpdateViewShareBody, ViewShareReply } from '@rowbase/core/api/shares';
import { badRequest, notFound } from '@rowbase/core/errors';
import type { AppContext } from '../../context.js';
import type { StoredView } from '../../meta/repos/views.js';
import { hashPassword } from '../auth/passwords.js';
import { getTable } from '../views/table-meta.js';

export function presentShare(v: StoredView): ViewShareReply {
  return {
    id: v.id,
    uuid: v.uuid,
    title: v.title,
    type: v.type,
    fk_model_id: v.fk_model_id,
    meta: v.meta ?? {},
    password: v.passwordHash !== null,
  };
}

/** Shares the view (idempotent: an already shared view keeps its uuid). */
export async function shareView(ctx: AppContext, view: StoredView): Promise<ViewShareReply> {
  if (!view.uuid) await ctx.views.update(view.id, { uuid: randomUUID() });
  return presentShare((await ctx.views.byId(view.id))!);
}

export async function updateViewShare(
  ctx: AppContext,
  view: StoredView,
  body: UpdateViewShareBody,
): Promise<ViewShareReply> {
  if (!view.uuid) throw badRequest('This view is not shared; share it first');
  let meta: Record<string, unknown> | undefined;
  if (body.meta !== undefined) {
    const given = typeof body.meta === 'string' ? parseObject(body.meta) : (body.meta ?? {});
    meta = { ...view.meta, ...given };
  }
  let passwordHash: string | null | undefined;
  if (body.password !== undefined) {
    passwordHash = body.password ? await hashPassword(body.password) : null;
  }
  await ctx.views.update(view.id, { meta, passwordHash });
  return presentShare((await ctx.views.byId(view.id))!);
}

export async function unshareView(ctx: AppContext, view: StoredView): Promise<void> {
  await ctx.views.update(view.id, { uuid: null, passwordHash: null });
}

/** The shared views of a table. */
export async function listTableShares(ctx: AppContext, tableId: string): Promise<ViewShareReply[]> {
  await getTable(ctx.db, tableId);
  return (await ctx.views.listStoredByTable(tableId)).filter((v) => v.uuid).map(presentShare);
}

function parseObject(s: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(s);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* fall through */
  }
  throw badRequest('meta must be a JSON object');
}

/** The shared view behind a public uuid, or a 404 (also once the share is disabled). */
export async function sharedViewByUuid(ctx: AppContext, uuid: string): Promise<StoredView> {
  const view = uuid ? await ctx.views.byUuid(uuid) : undefined;
  if (!view) throw notFound('Shared view not found');
  return view;
}
