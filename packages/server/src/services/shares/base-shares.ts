/**
 * Shared bases (a uuid granting viewer or editor on one base) and shared ERDs (a uuid showing one source's
 * tables, fields and relations). Disabling deletes the share row, so the uuid stops working at once.
 */
import { randomUUID } from 'node:crypto';
import type { SharedBaseBody, SharedBaseReply, SharedBaseRole } from '@rowbase/core/api/shares';
import { notFound } from '@rowbase/core/errors';
import type { AppContext } from '../../context.js';
import type { StoredShare } from '../../meta/repos/shares.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';

function presentBaseShare(ctx: AppContext, s: StoredShare | undefined): SharedBaseReply {
  if (!s) return { uuid: null, url: null, roles: null };
  const site = (ctx.config.publicUrl ?? '').replace(/\/$/, '');
  return { uuid: s.uuid, url: `${site}/#/base/${s.uuid}`, roles: s.roles };
}

export async function getBaseShare(ctx: AppContext, baseId: string): Promise<SharedBaseReply> {
  return presentBaseShare(ctx, await ctx.shares.find('base', baseId, null));
}

/** Creates (or, when one exists, updates) the base's share. */
export async function upsertBaseShare(
  ctx: AppContext,
  baseId: string,
  body: SharedBaseBody,
): Promise<SharedBaseReply> {
  const passwordHash =
    body.password === undefined ? undefined : body.password ? await hashPassword(body.password) : null;
  const existing = await ctx.shares.find('base', baseId, null);
  if (existing) {
    await ctx.shares.update(existing.uuid, { roles: body.roles, passwordHash });
  } else {
    await ctx.shares.insert({
      uuid: randomUUID(),
      kind: 'base',
      base_id: baseId,
      source_id: null,
      roles: body.roles ?? 'viewer',
      passwordHash: passwordHash ?? null,
    });
  }
  return getBaseShare(ctx, baseId);
}

/** Updates an existing share; a base that is not shared is a 404. */
export async function updateBaseShare(
  ctx: AppContext,
  baseId: string,
  body: SharedBaseBody,
): Promise<SharedBaseReply> {
  if (!(await ctx.shares.find('base', baseId, null))) throw notFound('This base is not shared');
  return upsertBaseShare(ctx, baseId, body);
}

export async function disableBaseShare(ctx: AppContext, baseId: string): Promise<void> {
  const existing = await ctx.shares.find('base', baseId, null);
  if (existing) await ctx.shares.delete(existing.uuid);
}

/** The base and role a shared-base uuid grants, or undefined when it is unknown, disabled or the password is wrong. */
export async function resolveSharedBase(
  ctx: AppContext,
  uuid: string,
  password?: string,
): Promise<{ uuid: string; baseId: string; role: SharedBaseRole } | undefined> {
  const share = await ctx.shares.byUuid(uuid, 'base');
  if (!share) return undefined;
  // A protected share needs its password on every request (argon2: a few ms each).
  if (share.passwordHash && !(password && (await verifyPassword(share.passwordHash, password))))
    return undefined;
  const base = await ctx.db('rb_bases').where({ id: share.base_id }).first('id', 'deleted');
  if (!base || base.deleted === true || base.deleted === 1) return undefined;
  return { uuid, baseId: share.base_id, role: share.roles === 'editor' ? 'editor' : 'viewer' };
}

export async function shareErd(
  ctx: AppContext,
  baseId: string,
  sourceId: string,
): Promise<{ uuid: string; base_id: string; source_id: string }> {
  const source = await ctx.db('rb_sources').where({ id: sourceId, base_id: baseId }).first('id');
  if (!source) throw notFound('Source not found');
  let share = await ctx.shares.find('erd', baseId, sourceId);
  if (!share) {
    await ctx.shares.insert({
      uuid: randomUUID(),
      kind: 'erd',
      base_id: baseId,
      source_id: sourceId,
      roles: null,
      passwordHash: null,
    });
    share = (await ctx.shares.find('erd', baseId, sourceId))!;
  }
  return { uuid: share.uuid, base_id: baseId, source_id: sourceId };
}

export async function disableErdShare(ctx: AppContext, baseId: string, sourceId: string): Promise<void> {
  const share = await ctx.shares.find('erd', baseId, sourceId);
  if (share) await ctx.shares.delete(share.uuid);
}
