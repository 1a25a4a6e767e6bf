/**
 * App settings a super admin sets (docs/api-compatibility.md): whether sign-up needs an invitation, and how many
 * days audit entries are kept (docs/audit.md#retention).
 */
import { appSettingsBody, type AppSettings } from '@rowbase/core/api/users';
import type { FastifyInstance } from 'fastify';
import { auditRetentionDays, saveAuditRetentionDays } from '../audit/audit-retention.js';
import type { AppContext } from '../context.js';
import { requireSuperAdmin } from '../http/authorize.js';
import { parseWith } from '../http/validate.js';
import { isInviteOnly } from '../services/auth/sessions.js';

const INVITE_ONLY_KEY = 'invite_only_signup';

export function appSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/app-settings', async (req): Promise<AppSettings> => {
    requireSuperAdmin(req);
    return {
      invite_only_signup: await isInviteOnly(ctx),
      audit_retention_days: await auditRetentionDays(ctx),
    };
  });

  app.post('/api/v1/app-settings', async (req) => {
    requireSuperAdmin(req);
    const body = parseWith(appSettingsBody, req.body);
    if (body.invite_only_signup !== undefined) {
      const value = String(body.invite_only_signup);
      await ctx.db('rb_app_settings').insert({ key: INVITE_ONLY_KEY, value }).onConflict('key').merge();
    }
    if (body.audit_retention_days !== undefined) await saveAuditRetentionDays(ctx, body.audit_retention_days);
    return { msg: 'The app settings have been saved' };
  });
}
