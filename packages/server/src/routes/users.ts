/** Organisation users (super admin only) and the caller's own profile (docs/api-compatibility.md organisation). */
import type { MeReply } from '@rowbase/core/api/auth';
import {
  inviteUsersBody,
  listUsersQuery,
  updateProfileBody,
  updateUserBody,
  type PublicProfile,
} from '@rowbase/core/api/users';
import { notFound } from '@rowbase/core/errors';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { requireSuperAdmin } from '../http/authorize.js';
import { requireUser } from '../http/principal.js';
import { parseWith } from '../http/validate.js';
import { siteUrlOf } from '../mail/messages.js';
import {
  deleteOrgUser,
  generateResetUrl,
  inviteUsers,
  listOrgUsers,
  presentOrgUser,
  resendInvite,
  updateOrgRole,
} from '../services/auth/org-users.js';

type IdParams = { id: string };

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/users', async (req) => {
    requireSuperAdmin(req);
    return listOrgUsers(ctx, parseWith(listUsersQuery, req.query));
  });

  app.post('/api/v1/users', async (req) => {
    const admin = requireSuperAdmin(req);
    const body = parseWith(inviteUsersBody, req.body);
    const site = siteUrlOf(ctx.config.publicUrl, req);
    const invited = await inviteUsers(ctx, admin.user, body.email, body.roles, site);
    return invited.length === 1 ? { msg: 'success', ...invited[0] } : { msg: 'success', invited };
  });

  app.patch('/api/v1/users/:id', async (req) => {
    requireSuperAdmin(req);
    const { roles } = parseWith(updateUserBody, req.body);
    return presentOrgUser(await updateOrgRole(ctx, (req.params as IdParams).id, roles));
  });

  app.delete('/api/v1/users/:id', async (req) => {
    requireSuperAdmin(req);
    await deleteOrgUser(ctx, (req.params as IdParams).id);
    return { msg: 'The user has been deleted successfully' };
  });

  app.post('/api/v1/users/:id/resend-invite', async (req) => {
    const admin = requireSuperAdmin(req);
    const site = siteUrlOf(ctx.config.publicUrl, req);
    await resendInvite(ctx, admin.user, (req.params as IdParams).id, site);
    return { msg: 'The invitation has been sent to the user' };
  });

  app.post('/api/v1/users/:id/generate-reset-url', async (req) => {
    requireSuperAdmin(req);
    return generateResetUrl(ctx, (req.params as IdParams).id, siteUrlOf(ctx.config.publicUrl, req));
  });

  // A profile card (docs/api-compatibility.md GET /users/{id} "by username"): by id or e-mail, for any signed-in user.
  app.get('/api/v1/users/:id', async (req): Promise<PublicProfile> => {
    requireUser(req);
    const key = (req.params as IdParams).id;
    const u = (await ctx.users.byId(key)) ?? (key.includes('@') ? await ctx.users.byEmail(key) : undefined);
    if (!u) throw notFound(`User '${key}' not found`);
    return {
      id: u.id,
      email: u.email,
      firstname: u.firstname,
      lastname: u.lastname,
      display_name: u.displayName,
    };
  });

  app.patch('/api/v1/user/profile', async (req): Promise<MeReply> => {
    const principal = requireUser(req);
    const body = parseWith(updateProfileBody, req.body);
    await ctx.users.update(principal.user.id, {
      ...(body.firstname !== undefined && { firstname: body.firstname || null }),
      ...(body.lastname !== undefined && { lastname: body.lastname || null }),
      ...(body.display_name !== undefined && { displayName: body.display_name || null }),
    });
    const u = (await ctx.users.byId(principal.user.id))!;
    return {
      id: u.id,
      email: u.email,
      firstname: u.firstname,
      lastname: u.lastname,
      display_name: u.displayName,
      email_verified: u.emailVerified,
      roles: { ...principal.roles },
    };
  });
}
