/** Bases (projects) v1 and v2, base info, visibility rules, duplicate, cost, audits and base users. */
import { auditQuery } from '../audit/audit-query.js';
import {
  createBaseBody,
  duplicateBaseBody,
  inviteBaseUserBody,
  updateBaseBody,
  updateBaseUserBody,
  visibilityRulesBody,
} from '@rowbase/core/api/bases';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { requireBaseAccess, requireOrgPermission } from '../http/base-access.js';
import { requireUser } from '../http/principal.js';
import { parseWith } from '../http/validate.js';
import {
  createBase,
  deleteBase,
  inviteBaseUsers,
  listBaseUsers,
  listBases,
  presentBase,
  removeBaseUser,
  updateBase,
  updateBaseUser,
} from '../services/bases.js';
import {
  baseCost,
  baseInfo,
  hasEmptyOrNullFilters,
  listAudits,
  listVisibilityRules,
  saveVisibilityRules,
} from '../services/bases-info.js';
import { listReply } from '../http/list-reply.js';
import { startBaseDuplicate } from '../services/bases-duplicate.js';

type Id = { Params: { id: string } };
type UserParams = { Params: { baseId: string; userId: string } };

/** The site address links in mails point at. */
const siteOf = (ctx: AppContext, req: FastifyRequest) =>
  ctx.config.publicUrl ?? `${req.protocol}://${req.host}`;

export function baseRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const prefix of ['/api/v1/db/meta/projects', '/api/v2/meta/bases']) {
    app.get(prefix, async (req) => listReply(await listBases(ctx, requireUser(req))));
    const create = async (req: FastifyRequest) => {
      const principal = await requireOrgPermission(ctx, req, 'baseCreate');
      const base = await createBase(ctx, principal, parseWith(createBaseBody, req.body));
      return base;
    };
    app.post(prefix, create);
    app.get<Id>(`${prefix}/:id`, async (req) =>
      presentBase(ctx, (await requireBaseAccess(ctx, req, req.params.id)).base),
    );
    app.patch<Id>(`${prefix}/:id`, async (req) => {
      const { base } = await requireBaseAccess(ctx, req, req.params.id, 'baseRename');
      const updated = await updateBase(ctx, base, parseWith(updateBaseBody, req.body));
      return updated;
    });
    app.delete<Id>(`${prefix}/:id`, async (req) => {
      const { base } = await requireBaseAccess(ctx, req, req.params.id, 'baseDelete');
      await deleteBase(ctx, base);
      return true;
    });
  }

  const v1 = '/api/v1/db/meta/projects/:id';
  app.get<Id>(`${v1}/info`, async (req) =>
    baseInfo(ctx, (await requireBaseAccess(ctx, req, req.params.id)).base),
  );
  app.get<Id>(`${v1}/visibility-rules`, async (req) => {
    await requireBaseAccess(ctx, req, req.params.id, 'settingsPage');
    return listVisibilityRules(ctx, req.params.id);
  });
  app.post<Id>(`${v1}/visibility-rules`, async (req) => {
    await requireBaseAccess(ctx, req, req.params.id, 'baseMiscSettings');
    await saveVisibilityRules(ctx, req.params.id, parseWith(visibilityRulesBody, req.body));
    return { msg: 'UI ACL has been created successfully' };
  });
  app.get<Id>(`${v1}/cost`, async (req) =>
    baseCost(ctx, (await requireBaseAccess(ctx, req, req.params.id)).base),
  );
  app.get<Id>(`${v1}/has-empty-or-null-filters`, async (req) => {
    await requireBaseAccess(ctx, req, req.params.id);
    return hasEmptyOrNullFilters(ctx, req.params.id);
  });
  app.get<Id>(`${v1}/audits`, async (req) => {
    await requireBaseAccess(ctx, req, req.params.id, 'settingsPage');
    const q = parseWith(auditQuery, req.query);
    return listAudits(ctx, req.params.id, q.limit, q.offset, q);
  });
  const duplicate = async (req: { params: { id: string }; body: unknown }) => {
    const access = await requireBaseAccess(ctx, req as never, req.params.id, 'baseDuplicate');
    const body = parseWith(duplicateBaseBody, req.body);
    const { jobId, copy } = await startBaseDuplicate(ctx, access.principal, access.base, {
      excludeData: body.options?.excludeData,
      title: body.base?.title ?? body.title,
    });
    // NocoDB answers with the job id and the id of the (still empty) copy the job fills.
    return { id: jobId, base_id: copy.id, base: copy };
  };
  for (const prefix of ['/api/v1/db/meta/duplicate', '/api/v2/meta/duplicate']) {
    app.post<Id>(`${prefix}/:id`, duplicate);
    app.post<{ Params: { id: string; sourceId: string } }>(`${prefix}/:id/:sourceId`, duplicate);
  }

  // Base users (docs/api-compatibility.md "Base users"), v1 and v2 paths.
  for (const prefix of ['/api/v1/db/meta/projects', '/api/v2/meta/bases']) {
    app.get<{ Params: { baseId: string } }>(`${prefix}/:baseId/users`, async (req) => {
      await requireBaseAccess(ctx, req, req.params.baseId);
      return listBaseUsers(ctx, req.params.baseId);
    });
    app.post<{ Params: { baseId: string } }>(`${prefix}/:baseId/users`, async (req) => {
      const { principal } = await requireBaseAccess(ctx, req, req.params.baseId, 'newUser');
      const body = parseWith(inviteBaseUserBody, req.body);
      return inviteBaseUsers(ctx, principal, req.params.baseId, body.email, body.roles, siteOf(ctx, req));
    });
    app.patch<UserParams>(`${prefix}/:baseId/users/:userId`, async (req) => {
      const { principal } = await requireBaseAccess(ctx, req, req.params.baseId, 'newUser');
      const body = parseWith(updateBaseUserBody, req.body);
      return updateBaseUser(ctx, principal, req.params.baseId, req.params.userId, body.roles);
    });
    app.delete<UserParams>(`${prefix}/:baseId/users/:userId`, async (req) => {
      const { principal } = await requireBaseAccess(ctx, req, req.params.baseId, 'newUser');
      return removeBaseUser(ctx, principal, req.params.baseId, req.params.userId);
    });
  }
}
