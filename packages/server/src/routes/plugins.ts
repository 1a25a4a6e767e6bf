/**
 * Plugins API (NocoDB's paths and shapes): list, one, its status, test without saving, save and activate.
 * Super admins only, since settings hold mail and storage credentials. See docs/plugins.md.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { requireSuperAdmin } from '../http/authorize.js';
import { listReply } from '../http/list-reply.js';
import { parseWith } from '../http/validate.js';

const PREFIX = '/api/v1/db/meta/plugins';

const settingsInput = z.union([z.string(), z.record(z.string(), z.unknown())]);

const patchBody = z.object({
  input: settingsInput.nullish(),
  active: z.boolean().optional(),
  title: z.string().optional(),
});

const testBody = z.object({
  id: z.string().optional(),
  title: z.string().optional(),
  category: z.string().optional(),
  input: settingsInput,
});

type IdParams = { id: string };

export function pluginRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(PREFIX, async (req) => {
    requireSuperAdmin(req);
    return listReply(await ctx.plugins.list());
  });

  // The plugins a webhook can notify through (its Email kind).
  app.get(`${PREFIX}/webhook`, async (req) => {
    requireSuperAdmin(req);
    return listReply((await ctx.plugins.list()).filter((p) => p.category === 'Email'));
  });

  app.post(`${PREFIX}/test`, async (req) => {
    const { user } = requireSuperAdmin(req);
    const body = parseWith(testBody, req.body);
    await ctx.plugins.test(body, user.email);
    return true;
  });

  app.get(`${PREFIX}/:id`, async (req) => {
    requireSuperAdmin(req);
    return ctx.plugins.get((req.params as IdParams).id);
  });

  app.get(`${PREFIX}/:id/status`, async (req) => {
    requireSuperAdmin(req);
    return (await ctx.plugins.get((req.params as IdParams).id)).active;
  });

  app.patch(`${PREFIX}/:id`, async (req) => {
    requireSuperAdmin(req);
    const body = parseWith(patchBody, req.body);
    return ctx.plugins.update((req.params as IdParams).id, {
      input: body.input ?? undefined,
      active: body.active,
    });
  });
}
