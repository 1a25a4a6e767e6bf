/**
 * Who may do what in a documentation base (docs/documentation-bases.md "Roles"): every member reads;
 * editors and above write page content; creators and above change the tree (create, rename, move, delete),
 * publish and restore snapshots.
 */
import { badRequest, forbidden, notFound } from '@rowbase/core/errors';
import type { DocsPage } from '@rowbase/core/api/docs';
import { can } from '@rowbase/core/permissions/can';
import type { Permission } from '@rowbase/core/permissions/matrix';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { authorizeBaseAccess, type Authorized } from '../http/authorize.js';
import { DocsPagesRepo } from './pages-repo.js';
import { PageStates } from './page-state.js';

export type DocsAction = 'read' | 'write' | 'manage';

/** The base permission each action borrows from the role matrix. */
const PERMISSION_OF: Record<Exclude<DocsAction, 'read'>, Permission> = {
  write: 'dataEdit',
  manage: 'tableCreate',
};

export function mayDo(held: Authorized['held'], action: DocsAction): boolean {
  return action === 'read' || can(held, PERMISSION_OF[action]);
}

const states = new WeakMap<AppContext, PageStates>();

/** The page-state store of this app (one per context). */
export function pageStatesOf(ctx: AppContext): PageStates {
  let s = states.get(ctx);
  if (!s) {
    s = new PageStates(ctx.db, ctx.log);
    states.set(ctx, s);
  }
  return s;
}

export const pagesRepo = (ctx: AppContext) => new DocsPagesRepo(ctx.db);

/** Checks the caller may do `action` in the documentation base `baseId`. */
export async function authorizeDocsBase(
  ctx: AppContext,
  req: FastifyRequest,
  baseId: string,
  action: DocsAction,
): Promise<Authorized> {
  const authorized = await authorizeBaseAccess(ctx, req, baseId);
  const base = await ctx.bases.byId(baseId);
  if (!base) throw notFound('Base not found');
  if (base.type !== 'documentation') throw badRequest('This base is not a documentation base');
  if (!mayDo(authorized.held, action)) throw forbidden(deniedMessage(action));
  return authorized;
}

/** Checks the caller may do `action` on the page; returns the page. */
export async function authorizeDocsPage(
  ctx: AppContext,
  req: FastifyRequest,
  pageId: string,
  action: DocsAction,
): Promise<{ page: DocsPage; authorized: Authorized }> {
  const page = await pagesRepo(ctx).byId(pageId);
  if (!page) throw notFound('Page not found');
  const authorized = await authorizeDocsBase(ctx, req, page.base_id, action);
  return { page, authorized };
}

export function deniedMessage(action: DocsAction): string {
  return action === 'write'
    ? 'You are not allowed to edit pages: editing needs the editor role or higher'
    : 'You are not allowed to change the page tree: it needs the creator role or higher';
}
