/**
 * Documentation bases over HTTP (docs/documentation-bases.md): the page tree, page content as derived JSON,
 * search, publishing, snapshots with restore, and an HTTP way to send a Yjs update (the editor uses the
 * realtime connection: docs/documentation-bases.md "Live editing").
 */
import {
  createDocsPageBody,
  createDocsSnapshotBody,
  docsSearchQuery,
  publishDocsPageBody,
  updateDocsPageBody,
} from '@rowbase/core/api/docs';
import { badRequest, notFound } from '@rowbase/core/errors';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { docFromState, docToJson, fromBase64, toBase64 } from '../docs/doc-content.js';
import { authorizeDocsBase, authorizeDocsPage, pageStatesOf, pagesRepo } from '../docs/docs-access.js';
import { subtreeIds } from '../docs/pages-repo.js';
import { parseWith } from '../http/validate.js';

type BaseParams = { baseId: string };
type PageParams = { pageId: string };
type SnapshotParams = { pageId: string; snapshotId: string };

const updateBody = z.looseObject({
  update: z
    .string({ error: 'update must be a base64 Yjs update' })
    .min(1, 'update must be a base64 Yjs update'),
});

export function docsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const states = pageStatesOf(ctx);
  app.addHook('onClose', async () => {
    await states.flush();
    states.close();
  });

  app.get('/api/v1/docs/bases/:baseId/pages', async (req) => {
    const { baseId } = req.params as BaseParams;
    await authorizeDocsBase(ctx, req, baseId, 'read');
    return { list: await pagesRepo(ctx).list(baseId) };
  });

  app.post('/api/v1/docs/bases/:baseId/pages', async (req) => {
    const { baseId } = req.params as BaseParams;
    const body = parseWith(createDocsPageBody, req.body);
    const { principal } = await authorizeDocsBase(ctx, req, baseId, 'manage');
    const repo = pagesRepo(ctx);
    const parentId = body.parent_id ?? null;
    if (parentId) await parentIn(ctx, baseId, parentId);
    const order = body.order ?? (await repo.nextOrder(baseId, parentId));
    const page = await repo.insert(
      { baseId, parentId, title: body.title, icon: body.icon ?? null, order },
      principal.user.id,
    );
    ctx.realtime?.announceDocsTree(baseId);
    return page;
  });

  app.get('/api/v1/docs/bases/:baseId/search', async (req) => {
    const { baseId } = req.params as BaseParams;
    const { q } = parseWith(docsSearchQuery, req.query);
    await authorizeDocsBase(ctx, req, baseId, 'read');
    await states.flush();
    return { list: await pagesRepo(ctx).search(baseId, q) };
  });

  app.get('/api/v1/docs/pages/:pageId', async (req) => {
    const { pageId } = req.params as PageParams;
    await authorizeDocsPage(ctx, req, pageId, 'read');
    await states.flush();
    return pagesRepo(ctx).withContent(pageId);
  });

  app.patch('/api/v1/docs/pages/:pageId', async (req) => {
    const { pageId } = req.params as PageParams;
    const body = parseWith(updateDocsPageBody, req.body);
    const { page, authorized } = await authorizeDocsPage(ctx, req, pageId, 'manage');
    const patch: Parameters<ReturnType<typeof pagesRepo>['update']>[1] = {};
    if (body.title !== undefined) patch.title = body.title;
    if (body.icon !== undefined) patch.icon = body.icon ?? null;
    if (body.order !== undefined) patch.order = body.order;
    if (body.parent_id !== undefined) {
      const parentId = body.parent_id ?? null;
      if (parentId) {
        await parentIn(ctx, page.base_id, parentId);
        const below = subtreeIds(await pagesRepo(ctx).list(page.base_id), pageId);
        if (below.includes(parentId))
          throw badRequest('parent_id cannot be the page itself or one of its sub-pages');
      }
      patch.parent_id = parentId;
      if (body.order === undefined) patch.order = await pagesRepo(ctx).nextOrder(page.base_id, parentId);
    }
    await pagesRepo(ctx).update(pageId, patch, authorized.principal.user.id);
    ctx.realtime?.announceDocsTree(page.base_id);
    return pagesRepo(ctx).byId(pageId);
  });

  app.delete('/api/v1/docs/pages/:pageId', async (req) => {
    const { pageId } = req.params as PageParams;
    const { page } = await authorizeDocsPage(ctx, req, pageId, 'manage');
    const ids = subtreeIds(await pagesRepo(ctx).list(page.base_id), pageId);
    await ctx.db.transaction((trx) => pagesRepo(ctx).deleteMany(ids, trx));
    ctx.realtime?.announceDocsTree(page.base_id);
    return { deleted: ids };
  });

  app.post('/api/v1/docs/pages/:pageId/publish', async (req) => {
    const { pageId } = req.params as PageParams;
    const { published } = parseWith(publishDocsPageBody, req.body);
    const { page, authorized } = await authorizeDocsPage(ctx, req, pageId, 'manage');
    await pagesRepo(ctx).update(pageId, { published }, authorized.principal.user.id);
    ctx.realtime?.announceDocsTree(page.base_id);
    return pagesRepo(ctx).byId(pageId);
  });

  app.get('/api/v1/docs/pages/:pageId/state', async (req) => {
    const { pageId } = req.params as PageParams;
    await authorizeDocsPage(ctx, req, pageId, 'read');
    return { state: toBase64(await states.load(pageId)) };
  });

  app.post('/api/v1/docs/pages/:pageId/updates', async (req) => {
    const { pageId } = req.params as PageParams;
    const { update } = parseWith(updateBody, req.body);
    const { authorized } = await authorizeDocsPage(ctx, req, pageId, 'write');
    await states.append(pageId, update, authorized.principal.user.id);
    ctx.realtime?.emitToDoc(pageId, 'doc:update', { pageId, update });
    return { ok: true };
  });

  app.get('/api/v1/docs/pages/:pageId/snapshots', async (req) => {
    const { pageId } = req.params as PageParams;
    await authorizeDocsPage(ctx, req, pageId, 'read');
    return { list: await states.listSnapshots(pageId) };
  });

  app.post('/api/v1/docs/pages/:pageId/snapshots', async (req) => {
    const { pageId } = req.params as PageParams;
    const { title } = parseWith(createDocsSnapshotBody, req.body);
    const { authorized } = await authorizeDocsPage(ctx, req, pageId, 'write');
    return states.snapshot(pageId, 'manual', authorized.principal.user.id, title);
  });

  app.get('/api/v1/docs/pages/:pageId/snapshots/:snapshotId', async (req) => {
    const { pageId, snapshotId } = req.params as SnapshotParams;
    await authorizeDocsPage(ctx, req, pageId, 'read');
    const snap = await ctx.db('rb_docs_page_snapshots').where({ id: snapshotId, page_id: pageId }).first();
    if (!snap) throw notFound('Snapshot not found');
    const content = docToJson(docFromState(fromBase64(snap.state)));
    const list = await states.listSnapshots(pageId);
    return { ...list.find((s) => s.id === snapshotId), content };
  });

  app.post('/api/v1/docs/pages/:pageId/snapshots/:snapshotId/restore', async (req) => {
    const { pageId, snapshotId } = req.params as SnapshotParams;
    const { authorized } = await authorizeDocsPage(ctx, req, pageId, 'manage');
    const update = await states.restore(pageId, snapshotId, authorized.principal.user.id);
    ctx.realtime?.emitToDoc(pageId, 'doc:update', { pageId, update });
    return pagesRepo(ctx).withContent(pageId);
  });
}

async function parentIn(ctx: AppContext, baseId: string, parentId: string): Promise<void> {
  const parent = await pagesRepo(ctx).byId(parentId);
  if (!parent || parent.base_id !== baseId) throw badRequest('parent_id must be a page of the same base');
}
