/**
 * The navigation guard of docs/behaviour/web-app.md as a pure function: given where we go, where we come from, the app info and
 * the session, decide to allow, redirect, or first do something (refresh the token, reload the roles) and ask
 * again. The router loader (guard-loader.ts) performs the side effects and calls `decide` until it settles.
 */
import { canAccessBase } from '@rowbase/core/permissions/can';
import type { RoleMap } from '@rowbase/core/permissions/roles';
import type { RouteFlags } from './route-flags';

export interface GuardTarget {
  /** Path without query, e.g. `/nc/p1`. */
  path: string;
  /** Path with query, e.g. `/nc/p1?x=1`. */
  fullPath: string;
  params: Record<string, string | undefined>;
  query: URLSearchParams;
  flags: RouteFlags;
}

export interface GuardInput {
  to: GuardTarget;
  /** The page we are leaving; undefined on the first load. */
  from?: { fullPath: string; params: Record<string, string | undefined>; flags?: RouteFlags };
  appInfo: { firstUser?: boolean; baseHostName?: string | null; mainSubDomain?: string | null };
  /** `location.host`. */
  host: string;
  signedIn: boolean;
  /** True once a token refresh was tried for this navigation. */
  refreshTried: boolean;
  /** Org roles of the signed-in user. */
  orgRoles: RoleMap;
  /** Base roles, and for which base they were loaded (undefined when none were loaded yet). */
  baseRoles: RoleMap;
  baseRolesFor?: string;
}

export const NO_PAGE_PERMISSION = "You don't have enough permission to access the page.";
export const NO_BASE_PERMISSION = "You don't have enough permission to access the base.";

export type GuardDecision =
  | { kind: 'allow' }
  | {
      kind: 'redirect';
      to: string;
      /** Error to show as the reason. */
      error?: string;
      /** Sign out before going. */
      signOut?: boolean;
      /** Keep this path in storage to continue to after sign-in. */
      rememberContinue?: string;
    }
  | { kind: 'refresh' }
  | { kind: 'loadRoles'; baseId: string };

/** Legacy and alias paths, looked up after the guard (step 6). */
export const REDIRECTS: Record<string, string> = {
  '/signIn': '/signin',
  '/signUp': '/signup',
  '/dashboard': '/',
};

const NO_AUTH_PATHS = /^\/(signin|signup|forgot-password|reset)(\/|$)/i;

/** Runs the six steps of docs/behaviour/web-app.md in order and returns the first decision that is not "go on". */
export function decide(input: GuardInput): GuardDecision {
  const { to, from, appInfo, signedIn } = input;

  // 1. Base host names: a bare host visiting / goes to its own first label.
  if (appInfo.baseHostName && to.path === '/' && !input.host.startsWith(appInfo.mainSubDomain ?? '')) {
    return { kind: 'redirect', to: `/${input.host.split('.')[0]}` };
  }

  // Public pages are open to everyone.
  if (to.flags.public) return lookupRedirect(to.path);

  // 2. Sign-in needed unless the page says otherwise; shared-base pages (typeOrId = base) are open.
  const needsAuth = to.flags.requiresAuth !== false && to.params.typeOrId !== 'base';
  if (needsAuth && !signedIn) {
    if (appInfo.firstUser) {
      if (to.path === '/') return { kind: 'redirect', to: '/signup' };
      return {
        kind: 'redirect',
        to: `/signup?continueAfterSignIn=${encodeURIComponent(to.fullPath)}`,
        rememberContinue: to.fullPath,
      };
    }
    if (!input.refreshTried) return { kind: 'refresh' };
    return { kind: 'redirect', to: `/signin?continueAfterSignIn=${encodeURIComponent(to.fullPath)}` };
  }

  // 3. Sign-in and sign-up pages send a signed-in user away.
  if (to.flags.requiresAuth === false && signedIn) {
    if (to.query.has('logout')) return { kind: 'redirect', to: '/signin', signOut: true };
    const back = from && !NO_AUTH_PATHS.test(from.fullPath) && from.flags?.requiresAuth !== false;
    return { kind: 'redirect', to: back ? from.fullPath : '/' };
  }

  // 4. Pages limited to some roles.
  if (to.flags.allowedRoles?.length) {
    const held = { ...input.orgRoles, ...input.baseRoles };
    if (!to.flags.allowedRoles.some((r) => held[r as keyof RoleMap])) {
      return { kind: 'redirect', to: '/', error: NO_PAGE_PERMISSION };
    }
  }

  // 5. Entering another base reloads the roles there; a guest is refused.
  const baseId = to.params.baseId;
  if (baseId && signedIn && to.params.typeOrId !== 'base') {
    if (input.baseRolesFor !== baseId) return { kind: 'loadRoles', baseId };
    if (!canAccessBase({ org: input.orgRoles, base: input.baseRoles })) {
      return { kind: 'redirect', to: '/', error: NO_BASE_PERMISSION };
    }
  }

  // 6. The redirect lookup.
  return lookupRedirect(to.path);
}

function lookupRedirect(path: string): GuardDecision {
  const target = REDIRECTS[path];
  return target ? { kind: 'redirect', to: target } : { kind: 'allow' };
}
