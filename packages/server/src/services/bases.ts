/** Base use cases: create (default source + owner), list, read, update, delete, duplicate, users. */
import type { CreateBaseBody, UpdateBaseBody } from '@rowbase/core/api/bases';
import type { BaseMeta } from '@rowbase/core/api/meta';
import { badRequest, notFound } from '@rowbase/core/errors';
import { isEmail } from '@rowbase/core/fields/checkers';
import { OrgRole, type BaseRole } from '@rowbase/core/permissions/roles';
import type { AppContext } from '../context.js';
import type { Principal } from '../http/principal.js';
import type { BaseRecord } from '../meta/repos/bases.js';
import { presentSource } from '../meta/repos/sources.js';
import { sourceTypeOfMetaClient } from '../sources/connections.js';
import { dropTable } from '../sources/ddl.js';
import { baseAccessMail } from '../mail/messages.js';
import { inviteUsers, mail } from './auth/org-users.js';
import { createSource } from './bases-sources.js';
import { newBasePrefix } from './tables-naming.js';

/** A base as the API sends it, with its sources. */
export async function presentBase(ctx: AppContext, base: BaseRecord): Promise<BaseMeta> {
  const sources = await ctx.sourceRepo.listByBase(base.id);
  const { created_by: _c, ...rest } = base;
  return { ...rest, sources: sources.map(presentSource) };
}

function metaOf(meta: CreateBaseBody['meta']): Record<string, unknown> | null {
  if (meta === undefined || meta === null) return null;
  if (typeof meta !== 'string') return meta;
  try {
    return JSON.parse(meta) as Record<string, unknown>;
  } catch {
    throw badRequest('meta must be a JSON object');
  }
}

export async function createBase(
  ctx: AppContext,
  principal: Principal,
  body: CreateBaseBody,
): Promise<BaseMeta> {
  const external = [...(body.sources ?? []), ...(body.bases ?? [])].filter((s) => !s.is_meta && s.config);
  const baseId = await ctx.db.transaction(async (trx) => {
    const id = await ctx.bases.insert(
      {
        title: body.title,
        description: body.description ?? null,
        color: body.color ?? null,
        type: body.type ?? 'database',
        meta: metaOf(body.meta),
        prefix: newBasePrefix(),
        created_by: principal.user.id,
      },
      trx,
    );
    await ctx.sourceRepo.insert(
      { base_id: id, type: sourceTypeOfMetaClient(ctx.config.db.client), is_meta: true, order: 1 },
      trx,
    );
    await ctx.bases.setRole(id, principal.user.id, 'owner', null, trx);
    return id;
  });
  try {
    for (const src of external) await createSource(ctx, (await ctx.bases.byId(baseId))!, src);
  } catch (err) {
    await deleteBase(ctx, (await ctx.bases.byId(baseId))!);
    throw err;
  }
  return presentBase(ctx, (await ctx.bases.byId(baseId))!);
}

export async function listBases(ctx: AppContext, principal: Principal): Promise<BaseMeta[]> {
  const bases = await ctx.bases.list(principal.roles.super ? null : principal.user.id);
  return Promise.all(bases.map((b) => presentBase(ctx, b)));
}

export async function updateBase(ctx: AppContext, base: BaseRecord, body: UpdateBaseBody): Promise<BaseMeta> {
  if (body.title !== undefined) {
    const others = await ctx.bases.list(null);
    if (others.some((b) => b.id !== base.id && b.title === body.title && b.created_by === base.created_by)) {
      throw badRequest(`Base '${body.title}' already exists`);
    }
  }
  await ctx.bases.update(base.id, {
    title: body.title,
    description: body.description,
    color: body.color,
    order: body.order,
    meta: body.meta === undefined ? undefined : metaOf(body.meta),
  });
  return presentBase(ctx, (await ctx.bases.byId(base.id))!);
}

/** Drops the base's tables in the default source, closes external pools, then removes all its meta. */
export async function deleteBase(ctx: AppContext, base: BaseRecord): Promise<void> {
  const sources = await ctx.sourceRepo.listByBase(base.id);
  for (const source of sources) {
    if (source.is_meta) {
      const tables = await ctx.tables.list(base.id, { sourceId: source.id, includeM2M: true });
      for (const t of tables) await dropTable(ctx.db, t.table_name);
    } else {
      await ctx.sources.forget(source.id);
    }
  }
  await ctx.db.transaction(async (trx) => {
    const tableIds = (await trx('rb_models').where({ base_id: base.id }).select('id')).map(
      (r) => r.id as string,
    );
    if (tableIds.length) {
      await trx('rb_columns').whereIn('fk_model_id', tableIds).delete();
      await trx('rb_views').whereIn('fk_model_id', tableIds).delete();
    }
    await trx('rb_models').where({ base_id: base.id }).delete();
    await trx('rb_sources').where({ base_id: base.id }).delete();
    await trx('rb_visibility_rules').where({ base_id: base.id }).delete();
    await trx('rb_base_users').where({ base_id: base.id }).delete();
    await trx('rb_bases').where({ id: base.id }).delete();
    ctx.changes.publish({ type: 'base.changed', action: 'deleted', baseId: base.id }, trx);
  });
}

// ---- base users ----

export async function listBaseUsers(ctx: AppContext, baseId: string) {
  const rows = await ctx.bases.users(baseId);
  const list = rows.map((r) => ({
    id: r.id as string,
    email: r.email as string,
    display_name: (r.display_name as string | null) ?? null,
    roles: r.roles as string,
    base_id: baseId,
    invite_token: r.invite_token ? 'pending' : null,
    created_at: Number(r.created_at),
  }));
  return {
    users: {
      list,
      pageInfo: {
        totalRows: list.length,
        page: 1,
        pageSize: list.length || 25,
        isFirstPage: true,
        isLastPage: true,
      },
    },
  };
}

/**
 * Adds people (comma-separated e-mails) to a base with a role. Existing accounts get the role; new e-mail
 * addresses get an invited account (org viewer) first, with the invite mailed as the user admin does.
 */
export async function inviteBaseUsers(
  ctx: AppContext,
  principal: Principal,
  baseId: string,
  emails: string,
  role: BaseRole,
  site: string,
) {
  const list = [
    ...new Set(
      emails
        .split(/[,\s]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (!list.length) throw badRequest('email is required');
  const bad = list.filter((e) => !isEmail(e));
  if (bad.length) throw badRequest(`Invalid email address: ${bad.join(', ')}`);
  if (
    role === 'owner' &&
    !principal.roles.super &&
    (await ctx.bases.roleOf(baseId, principal.user.id)) !== 'owner'
  ) {
    throw badRequest('Only an owner can add another owner');
  }
  const base = await ctx.bases.byId(baseId);
  if (!base) throw notFound(`Base '${baseId}' not found`);
  const target = { path: `/nc/${baseId}`, baseTitle: base.title };
  const unknown: string[] = [];
  for (const email of list) if (!(await ctx.users.byEmail(email))) unknown.push(email);
  const invitations = unknown.length
    ? await inviteUsers(ctx, principal.user, unknown, OrgRole.VIEWER, site, target)
    : [];
  for (const email of list) {
    const user = await ctx.users.byEmail(email);
    if (!user) continue;
    const wasMember = (await ctx.bases.roleOf(baseId, user.id)) !== undefined;
    await ctx.bases.setRole(baseId, user.id, role, principal.user.id);
    // Existing accounts newly added are told too; new invitees already got their sign-up link.
    if (!wasMember && !unknown.includes(email))
      await mail(ctx, baseAccessMail(site, user.email, principal.user.email, target));
  }
  const reply: {
    msg: string;
    invite_token?: string;
    invite_url?: string;
    email?: string;
    invited?: typeof invitations;
    /** True when an e-mail plugin delivered the invitations; the links are returned either way. */
    emailed: boolean;
  } = { msg: 'The user has been invited successfully', emailed: await ctx.plugins.emailConfigured() };
  // Without mail set up the inviter passes the links on themselves, so every new invitee's link is returned.
  if (invitations.length === 1) Object.assign(reply, invitations[0]);
  else if (invitations.length > 1) reply.invited = invitations;
  return reply;
}

export async function updateBaseUser(
  ctx: AppContext,
  principal: Principal,
  baseId: string,
  userId: string,
  role: BaseRole,
) {
  const current = await ctx.bases.roleOf(baseId, userId);
  if (!current) throw notFound('User is not a member of this base');
  if (current === 'owner' && role !== 'owner' && (await ctx.bases.countOwners(baseId)) <= 1) {
    throw badRequest('The base needs at least one owner');
  }
  const callerRole = principal.roles.super ? 'owner' : await ctx.bases.roleOf(baseId, principal.user.id);
  if ((role === 'owner' || current === 'owner') && callerRole !== 'owner') {
    throw badRequest('Only an owner can change the role of an owner');
  }
  await ctx.bases.setRole(baseId, userId, role, principal.user.id);
  return { msg: 'User has been updated successfully' };
}

export async function removeBaseUser(ctx: AppContext, principal: Principal, baseId: string, userId: string) {
  const current = await ctx.bases.roleOf(baseId, userId);
  if (!current) throw notFound('User is not a member of this base');
  if (current === 'owner') {
    if ((await ctx.bases.countOwners(baseId)) <= 1) throw badRequest('The base needs at least one owner');
    const callerRole = principal.roles.super ? 'owner' : await ctx.bases.roleOf(baseId, principal.user.id);
    if (callerRole !== 'owner') throw badRequest('Only an owner can remove an owner');
  }
  await ctx.bases.removeUser(baseId, userId);
  return { msg: 'User has been removed successfully' };
}
