/** Version and the app info the web reads at start (docs/behaviour/web-app.md App info). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { isInviteOnly } from '../services/auth/sessions.js';
import { APP_VERSION } from '../version.js';

export function appInfoRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Health and readiness: scale/health-routes.ts.
  app.get('/api/v1/version', async () => ({ currentVersion: APP_VERSION, releaseVersion: APP_VERSION }));

  app.get('/api/v1/db/meta/nocodb/info', async (req) => {
    const firstUser = (await ctx.users.count()) === 0;
    const site = ctx.config.publicUrl ?? `${req.protocol}://${req.host}`;
    return {
      authType: 'jwt',
      baseHasAdmin: !firstUser,
      firstUser,
      type: 'rest',
      googleAuthEnabled: Boolean(ctx.config.sso.google),
      githubAuthEnabled: Boolean(ctx.config.sso.github),
      oidcAuthEnabled: Boolean(ctx.config.sso.oidc),
      oidcProviderName: ctx.config.sso.oidc?.name ?? null,
      oneClick: false,
      connectToExternalDB: true,
      version: APP_VERSION,
      defaultLimit: 25,
      ncMin: false,
      teleEnabled: false,
      auditEnabled: ctx.config.auditEnabled,
      ncSiteUrl: site,
      ee: false,
      ncAttachmentFieldSize: 20,
      ncMaxAttachmentsAllowed: 10,
      isCloud: false,
      automationLogLevel: ctx.config.automationLogLevel,
      baseHostName: null,
      mainSubDomain: null,
      dashboardPath: '/dashboard',
      inviteOnlySignup: await isInviteOnly(ctx),
      disableEmailAuth: false,
      metaDb: ctx.config.db.client,
    };
  });
}
