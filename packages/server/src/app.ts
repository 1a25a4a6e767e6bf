/** Builds the Fastify app: one hook chain (principal, errors) for every route, then the route files. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerBodyParsers } from './http/body-parsers.js';
import { registerPrincipal } from './http/principal.js';
import { attachRealtime } from './realtime/socket.js';
import { docsRoutes } from './routes/docs.js';
import { publicDocsRoutes } from './routes/public-docs.js';
import { announceRowChanges } from './realtime/row-announce.js';
import { appInfoRoutes } from './routes/app-info.js';
import { authRoutes } from './routes/auth.js';
import { authSsoRoutes } from './routes/auth-sso.js';
import { storageRoutes } from './routes/storage.js';
import { importRoutes } from './routes/imports.js';
import { rowsV1Routes } from './routes/rows.js';
import { rowsV2Routes } from './routes/rows-v2.js';
import { exportRoutes } from './routes/export.js';
import { linkRoutes } from './routes/links.js';
import { baseRoutes } from './routes/bases.js';
import { columnRoutes } from './routes/columns.js';
import { sourceRoutes } from './routes/sources.js';
import { tableRoutes } from './routes/tables.js';
import { authPasswordRoutes } from './routes/auth-password.js';
import { appSettingsRoutes } from './routes/app-settings.js';
import { tokenRoutes } from './routes/tokens.js';
import { pluginRoutes } from './routes/plugins.js';
import { commentRoutes } from './routes/comments.js';
import { hookRoutes } from './routes/hooks.js';
import { auditRoutes } from './routes/audits.js';
import { notificationRoutes } from './routes/notifications.js';
import { registerRequestContext } from './audit/request-context.js';
import { startAudit } from './audit/start-audit.js';
import { startRoleNotifications } from './notifications/role-notifications.js';
import { startWebhooks } from './webhooks/hook-dispatch.js';
import { userRoutes } from './routes/users.js';
import { filterRoutes } from './routes/filters.js';
import { sortRoutes } from './routes/sorts.js';
import { viewColumnRoutes } from './routes/view-columns.js';
import { viewRoutes } from './routes/views.js';
import { viewDataRoutes } from './routes/view-data.js';
import { publicSharedBaseRoutes } from './routes/public-shared-base.js';
import { publicSharedViewRoutes } from './routes/public-shared-view.js';
import { sharedBaseRoutes } from './routes/shared-base.js';
import { sharedViewRoutes } from './routes/shared-views.js';
import { sqlRoutes } from './routes/sql.js';
import { erdRoutes } from './routes/erd.js';
import { apiDocsRoutes } from './routes/api-docs.js';
import { registerSharedBasePrincipal } from './services/shares/shared-base-principal.js';
import { jobRoutes } from './routes/jobs.js';
import { registerBuiltinJobKinds } from './jobs/builtin-kinds.js';
import { startScaleOut } from './scale/scale-out.js';
import { healthRoutes } from './scale/health-routes.js';
import { dashboardRoutes } from './dashboards/dashboard-routes.js';
import { openSqliteReadPool } from './data/sqlite-read-pool.js';

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: ctx.config.logLevel === 'silent' ? false : { level: ctx.config.logLevel },
    bodyLimit: 50 * 1024 * 1024,
    trustProxy: ctx.config.trustProxy,
    // NocoDB clients call some routes with a trailing slash (`/bases/`), others without.
    routerOptions: { ignoreTrailingSlash: true },
    // Requests arriving while the process drains get 503 with Retry-After from health-routes (docs/scaling.md).
    return503OnClosing: false,
  });
  registerErrorHandling(app);
  registerBodyParsers(app);
  await app.register(fastifyCookie);
  registerPrincipal(app, ctx);
  registerRequestContext(app);
  registerSharedBasePrincipal(app, ctx);
  const scaleOut = await startScaleOut(app, ctx);
  // Reader threads for the embedded SQLite database; closed once in-flight requests are answered.
  const sqliteReads = openSqliteReadPool(ctx);
  app.addHook('onClose', async () => sqliteReads?.close());
  // An index or search table being built in the background finishes before the database goes away.
  app.addHook('onClose', async () => ctx.dataCache.indexes.settled());

  appInfoRoutes(app, ctx);
  healthRoutes(app, ctx);
  authRoutes(app, ctx);
  authSsoRoutes(app, ctx);
  await storageRoutes(app, ctx);
  await importRoutes(app, ctx);
  rowsV1Routes(app, ctx);
  rowsV2Routes(app, ctx);
  exportRoutes(app, ctx);
  linkRoutes(app, ctx);
  baseRoutes(app, ctx);
  sourceRoutes(app, ctx);
  tableRoutes(app, ctx);
  columnRoutes(app, ctx);
  app.addHook('onClose', async () => ctx.sources.closeAll());
  authPasswordRoutes(app, ctx);
  tokenRoutes(app, ctx);
  pluginRoutes(app, ctx);
  app.addHook('onClose', async () => ctx.plugins.close());
  commentRoutes(app, ctx);
  docsRoutes(app, ctx);
  publicDocsRoutes(app, ctx);
  hookRoutes(app, ctx);
  auditRoutes(app, ctx);
  notificationRoutes(app, ctx);
  userRoutes(app, ctx);
  appSettingsRoutes(app, ctx);
  viewRoutes(app, ctx);
  viewColumnRoutes(app, ctx);
  filterRoutes(app, ctx);
  sortRoutes(app, ctx);
  sharedViewRoutes(app, ctx);
  sharedBaseRoutes(app, ctx);
  publicSharedBaseRoutes(app, ctx);
  await publicSharedViewRoutes(app, ctx);
  viewDataRoutes(app, ctx);
  sqlRoutes(app, ctx);
  erdRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  await apiDocsRoutes(app, ctx);

  jobRoutes(app, ctx);
  registerBuiltinJobKinds(ctx);
  const stopWebhooks = startWebhooks(ctx);
  const stopAudit = startAudit(ctx);
  const stopRoleNotifications = startRoleNotifications(ctx);
  app.addHook('onClose', async () => {
    stopRoleNotifications();
    await stopAudit();
    await stopWebhooks();
  });
  await ctx.jobs.start();
  app.addHook('onClose', async () => ctx.jobs.close());

  const realtime = attachRealtime(app, ctx, scaleOut.realtimeAdapter);
  ctx.realtime = realtime;
  const stopAnnouncing = announceRowChanges(ctx.changes, {
    realtime,
    loadTable: (tableId) => ctx.tableModels.get(ctx, tableId),
    cache: ctx.dataCache,
    log: ctx.log,
  });
  app.addHook('onClose', async () => {
    stopAnnouncing();
    await realtime.close();
  });

  await serveWebApp(app, ctx);
  return app;
}

async function serveWebApp(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const dir = ctx.config.webDistDir;
  if (!dir || !existsSync(path.join(dir, 'index.html'))) return;
  await app.register(fastifyStatic, { root: path.resolve(dir), prefix: '/', wildcard: false });
}
