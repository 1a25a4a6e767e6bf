/**
 * Organisation user management for the super admin (docs/api-compatibility.md organisation): invite, change role, delete,
 * resend an invite, generate a reset link. Invite tokens are mailed once and kept only as hashes.
 */
import type { ListReply } from '@rowbase/core/api/meta';
import { pageInfoOf, type OrgUser } from '@rowbase/core/api/users';
import { badRequest, forbidden, notFound } from '@rowbase/core/errors';
import { OrgRole, parseRoles } from '@rowbase/core/permissions/roles';
import type { AppContext } from '../../context.js';
import { inviteMail, inviteUrl, resetPasswordUrl, type InviteTarget } from '../../mail/messages.js';
import type { User } from '../../meta/repos/users.js';
import { createResetToken } from './credentials.js';
import { newSecret, sha256 } from './sessions.js';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function presentOrgUser(u: User): OrgUser {
  return {
    id: u.id,
    email: u.email,
    firstname: u.firstname,
    lastname: u.lastname,
    display_name: u.displayName,
    roles: u.roles,
    email_verified: u.emailVerified,
    invite_pending: !u.passwordHash && u.inviteToken !== null,
    created_at: u.createdAt,
    updated_at: u.updatedAt,
  };
}

export async function listOrgUsers(
  ctx: AppContext,
  q: { limit: number; offset: number; query?: string | undefined },
): Promise<ListReply<OrgUser>> {
  const { users, total } = await ctx.users.list(q);
  return { list: users.map(presentOrgUser), pageInfo: pageInfoOf(total, q.limit, q.offset) };
}

export interface Invitation {
  email: string;
  /** In clear, so an admin without mail set up can pass the link on; stored only as a hash. */
  invite_token: string;
  /** The sign-up link the invitee opens (the one mailed). */
  invite_url: string;
}

/**
 * Creates password-less accounts with an org role and mails each an invite; all or none are created.
 * `target` is the base they were invited to: where they land after signing up, named in the e-mail.
 */
export async function inviteUsers(
  ctx: AppContext,
  inviter: User,
  emails: string[],
  role: OrgRole,
  site: string,
  target?: InviteTarget,
): Promise<Invitation[]> {
  const invitations = await ctx.db.transaction(async (trx) => {
    const made: Invitation[] = [];
    for (const email of new Set(emails.map((e) => e.toLowerCase()))) {
      if (await ctx.users.byEmail(email, trx)) throw badRequest(`User already exists: ${email}`);
      const token = newSecret();
      await ctx.users.insert(
        { email, roles: role, inviteToken: sha256(token), inviteTokenExpires: Date.now() + INVITE_TTL_MS },
        trx,
      );
      made.push({ email, invite_token: token, invite_url: inviteUrl(site, token, target?.path) });
    }
    return made;
  });
  for (const inv of invitations)
    await mail(ctx, inviteMail(site, inv.email, inv.invite_token, inviter.email, target));
  return invitations;
}

/** A super admin's role is not changed through the API, nor can a super admin be deleted. */
async function manageableUser(ctx: AppContext, id: string): Promise<User> {
  const user = await ctx.users.byId(id);
  if (!user) throw notFound(`User '${id}' not found`);
  if (parseRoles(user.roles)[OrgRole.SUPER]) throw forbidden('A super admin cannot be changed or deleted');
  return user;
}

export async function updateOrgRole(ctx: AppContext, id: string, role: OrgRole): Promise<User> {
  const user = await manageableUser(ctx, id);
  await ctx.users.update(user.id, { roles: role });
  return (await ctx.users.byId(user.id))!;
}

/** Deletes the account; its sessions, tokens and base memberships go with it (foreign keys cascade). */
export async function deleteOrgUser(ctx: AppContext, id: string): Promise<void> {
  const user = await manageableUser(ctx, id);
  await ctx.users.delete(user.id);
}

export async function resendInvite(ctx: AppContext, inviter: User, id: string, site: string): Promise<void> {
  const user = await ctx.users.byId(id);
  if (!user) throw notFound(`User '${id}' not found`);
  if (user.passwordHash) throw badRequest('The user has already accepted the invite');
  const token = newSecret();
  await ctx.users.update(user.id, {
    inviteToken: sha256(token),
    inviteTokenExpires: Date.now() + INVITE_TTL_MS,
  });
  await mail(ctx, inviteMail(site, user.email, token, inviter.email));
}

/** A fresh reset link for a user, for the admin to hand over; replaces any earlier link. */
export async function generateResetUrl(
  ctx: AppContext,
  id: string,
  site: string,
): Promise<{ reset_password_token: string; reset_password_url: string }> {
  const user = await ctx.users.byId(id);
  if (!user) throw notFound(`User '${id}' not found`);
  const token = await createResetToken(ctx, user);
  return { reset_password_token: token, reset_password_url: resetPasswordUrl(site, token) };
}

/** Sends a message; a failing transport is logged and never undoes the change that caused the message. */
export async function mail(
  ctx: AppContext,
  message: Parameters<AppContext['mailer']['send']>[0],
): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (err) {
    ctx.log.error({ err, to: message.to }, 'sending mail failed');
  }
}
