/**
 * Published documentation pages (docs/documentation-bases.md "Publishing"): anyone may read a page that is
 * published, or lies below a published page, without signing in; nothing else of the base is shown.
 */
import type { DocsPage } from '@rowbase/core/api/docs';
import { notFound } from '@rowbase/core/errors';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { pageStatesOf, pagesRepo } from '../docs/docs-access.js';
import { subtreeIds } from '../docs/pages-repo.js';

export function publicDocsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/public/docs/pages/:pageId', async (req) => {
    const { pageId } = req.params as { pageId: string };
    const repo = pagesRepo(ctx);
    const page = await repo.byId(pageId);
    if (!page) throw notFound('Page not found');
    const pages = await repo.list(page.base_id);
    const root = publishedRootOf(pages, page);
    if (!root) throw notFound('Page not found');
    await pageStatesOf(ctx).flush();
    const withContent = (await repo.withContent(pageId))!;
    const visible = new Set(subtreeIds(pages, root.id));
    const strip = ({ created_by: _c, updated_by: _u, ...p }: DocsPage) => p;
    return {
      ...strip(withContent),
      content: withContent.content,
      root_id: root.id,
      pages: pages.filter((p) => visible.has(p.id)).map(strip),
    };
  });
}

/** The highest published page at or above `page` (its subtree is public), or undefined when none is. */
function publishedRootOf(pages: DocsPage[], page: DocsPage): DocsPage | undefined {
  const byId = new Map(pages.map((p) => [p.id, p]));
  let root: DocsPage | undefined;
  let p: DocsPage | undefined = page;
  for (let depth = 0; p && depth <= pages.length; depth++) {
    if (p.published) root = p;
    p = p.parent_id ? byId.get(p.parent_id) : undefined;
  }
  return root;
}
