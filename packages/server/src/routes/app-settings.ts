/** App settings a super admin sets (docs/api-compatibility.md): for now whether sign-up needs an invitation. */
import { appSettingsBody, type AppSettings } from '@rowbase/core/api/users';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { requireSuperAdmin } from '../http/authorize.js';
import { parseWith } from '../http/validate.js';
import { isInviteOnly } from '../services/auth/sessions.js';

const INVITE_ONLY_KEY = 'invite_only_signup';

export function appSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/app-settings', async (req): Promise<AppSettings> => {
    requireSuperAdmin(req);
    return { invite_only_signup: await isInviteOnly(ctx) };
  });

  app.post('/api/v1/app-settings', async (req) => {
    requireSuperAdmin(req);
    const body = parseWith(appSettingsBody, req.body);
    const value = String(body.invite_only_signup);
    await ctx.db('rb_app_settings').insert({ key: INVITE_ONLY_KEY, value }).onConflict('key').merge();
    return { msg: 'The app settings have been saved' };
  });
}
