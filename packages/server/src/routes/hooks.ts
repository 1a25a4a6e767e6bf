/**
 * The webhooks API of NocoDB (v1 paths and the v2 `/api/v2/meta/...` equivalents): list and create per table,
 * update and delete by id, the delivery logs, a test send and a sample payload. Listing needs hookList, changing
 * needs webhook (creators and owners). See docs/webhooks.md.
 */
import { badRequest, notFound } from '@rowbase/core/errors';
import type { Permission } from '@rowbase/core/permissions/matrix';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { authorize } from '../http/authorize.js';
import { listReply } from '../http/list-reply.js';
import { parseWith } from '../http/validate.js';
import { createFilterBody } from '@rowbase/core/api/filters';
import { RowReader } from '../data/row-query.js';
import { requireUser } from '../http/principal.js';
import { createFilter, listFilters } from '../services/views/filters.js';
import { publishConditionsChanged } from '../webhooks/active-hooks.js';
import { WEBHOOK_JOB, attemptDelivery, type DeliveriesInput } from '../webhooks/hook-delivery.js';
import { manualPayload, samplePayload } from '../webhooks/hook-payload.js';
import {
  HOOK_OPERATIONS,
  createHookBody,
  logsQuery,
  testHookBody,
  updateHookBody,
  type HookOperation,
} from '../webhooks/hook-schemas.js';
import { HooksRepo } from '../webhooks/hooks-repo.js';

type Params = { tableId: string; hookId: string; operation: string };

export function hookRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = new HooksRepo(ctx.db, ctx.changes);

  const tableFor = async (req: FastifyRequest, permission: Permission) => {
    const { tableId } = req.params as Params;
    const table = await ctx.db('rb_models').where({ id: tableId }).first('id', 'base_id', 'source_id');
    if (!table) throw notFound(`tableId: table '${tableId}' not found`);
    const { principal } = await authorize(ctx, req, permission, { baseId: table.base_id });
    return { table, user: principal.user };
  };
  const hookFor = async (req: FastifyRequest, permission: Permission) => {
    const hook = await repo.byId((req.params as Params).hookId);
    if (!hook) throw notFound('Hook not found');
    await authorize(ctx, req, permission, { baseId: hook.base_id });
    return hook;
  };

  for (const prefix of ['/api/v1/db/meta', '/api/v2/meta']) {
    app.get(`${prefix}/tables/:tableId/hooks`, async (req) => {
      const { table } = await tableFor(req, 'hookList');
      return listReply(await repo.listForTable(table.id));
    });
    app.post(`${prefix}/tables/:tableId/hooks`, async (req) => {
      const { table, user } = await tableFor(req, 'webhook');
      return repo.insert(table, parseWith(createHookBody, req.body), user.id);
    });
    app.patch(`${prefix}/hooks/:hookId`, async (req) => {
      const hook = await hookFor(req, 'webhook');
      return repo.update(hook.id, parseWith(updateHookBody, req.body));
    });
    app.delete(`${prefix}/hooks/:hookId`, async (req) => {
      const hook = await hookFor(req, 'webhook');
      await repo.delete(hook.id);
      return true;
    });
    // The hook's conditions: the filter API's shapes, owned by the hook (docs/webhooks.md "Conditions").
    app.get(`${prefix}/hooks/:hookId/filters`, async (req) => {
      const hook = await hookFor(req, 'hookList');
      return listReply(await listFilters(ctx, { ...hook, hook: true }));
    });
    app.post(`${prefix}/hooks/:hookId/filters`, async (req) => {
      const hook = await hookFor(req, 'webhook');
      const created = await createFilter(ctx, { ...hook, hook: true }, parseWith(createFilterBody, req.body));
      publishConditionsChanged(ctx, hook);
      return created;
    });
    // Sends one row to the hook now, through the delivery queue (NocoDB's manual trigger).
    app.post(`${prefix}/hooks/:hookId/trigger/:rowId`, async (req) => {
      const hook = await hookFor(req, 'dataEdit');
      const { user } = requireUser(req);
      const { model, db } = await ctx.tableModels.get(ctx, hook.fk_model_id);
      const rowId = (req.params as { rowId: string }).rowId;
      const row = await new RowReader(db, model, ctx.dataCache).byId(rowId);
      if (!row) throw notFound(`Record '${rowId}' not found`);
      const payload = manualPayload(hook, { id: model.id, title: model.title }, row);
      const input: DeliveriesInput = {
        deliveries: [{ hookId: hook.id, operation: 'trigger', payload, triggeredBy: user.email }],
      };
      const job = await ctx.jobs.enqueue({ kind: WEBHOOK_JOB, input, baseId: hook.base_id, userId: user.id });
      return { msg: 'Webhook triggered', id: job.id };
    });
    app.get(`${prefix}/hooks/:hookId/logs`, async (req) => {
      const hook = await hookFor(req, 'hookList');
      const page = parseWith(logsQuery, req.query);
      const { list, total } = await repo.logs(hook.id, page);
      return {
        list,
        pageInfo: {
          totalRows: total,
          page: Math.floor(page.offset / page.limit) + 1,
          pageSize: page.limit,
          isFirstPage: page.offset === 0,
          isLastPage: page.offset + list.length >= total,
        },
      };
    });
    app.get(`${prefix}/tables/:tableId/hooks/samplePayload/:operation`, async (req) => {
      const { table } = await tableFor(req, 'hookList');
      return samplePayload({ version: 'v2' }, await fullTable(table.id), operationParam(req));
    });
    app.get(`${prefix}/tables/:tableId/hooks/samplePayload/:operation/:version`, async (req) => {
      const { table } = await tableFor(req, 'hookList');
      const version = (req.params as { version: string }).version === 'v3' ? 'v3' : 'v2';
      return samplePayload({ version }, await fullTable(table.id), operationParam(req));
    });
    // Sends a sample (or the given) payload to a hook as it is being edited, and answers how it went.
    app.post(`${prefix}/tables/:tableId/hooks/test`, async (req) => {
      const { table, user } = await tableFor(req, 'webhook');
      const body = parseWith(testHookBody, req.body);
      const operation = body.hook.operation[0]!;
      const payload =
        (body.payload as never) ?? samplePayload(body.hook, await fullTable(table.id), operation);
      const hookId = typeof body.hook.id === 'string' ? body.hook.id : undefined;
      const stored = hookId ? await repo.byId(hookId) : undefined;
      const target = { ...body.hook, id: stored?.id ?? '', base_id: table.base_id };
      const result = await attemptDelivery(
        ctx,
        target,
        { hookId: target.id, operation, payload, triggeredBy: user.email },
        { attempt: 1, testCall: true },
      );
      if (!result.ok) throw badRequest(`Webhook test failed: ${result.errorMessage}`);
      return { msg: 'Success', data: result.response };
    });
  }

  const fullTable = async (tableId: string) => {
    const t = await ctx.meta.getTable(tableId);
    return { id: t.id, title: t.title, columns: t.columns.filter((c) => !c.system) };
  };
  const operationParam = (req: FastifyRequest): HookOperation => {
    const op = (req.params as Params).operation;
    if (!(HOOK_OPERATIONS as readonly string[]).includes(op)) {
      throw badRequest(`operation: must be one of ${HOOK_OPERATIONS.join(', ')}`);
    }
    return op as HookOperation;
  };
}
