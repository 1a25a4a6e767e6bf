/**
 * Runs the pure guard (guard.ts) before every route change as the root route's loader, performing what it
 * asks for (token refresh, role reload, sign-out) and asking again until it allows or redirects.
 */
import type { MeReply } from '@rowbase/core/api/auth';
import type { RoleMap } from '@rowbase/core/permissions/roles';
import { matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { appInfoKey, fetchAppInfo } from '../api/app-info';
import { authApi, meKey } from '../api/auth';
import { notification } from 'antd';
import { i18next } from '../i18n/i18n';
import { isSignedIn, refreshSession, signOut } from '../session/session';
import { updateSettings } from '../session/stored-settings';
import { decide, NO_BASE_PERMISSION, NO_PAGE_PERMISSION, type GuardInput } from './guard';
import { queryClient } from './query-client';
import type { RouteFlags, RouteHandle } from './route-flags';

interface Visited {
  fullPath: string;
  params: Record<string, string | undefined>;
  flags: RouteFlags;
}

/** The last page the guard let through: "the previous path" of step 3. */
let previous: Visited | undefined;
/** The base the base roles were last loaded for. */
let baseRolesFor: string | undefined;

const ERROR_KEYS: Record<string, string> = {
  [NO_PAGE_PERMISSION]: 'msg.noPagePermission',
  [NO_BASE_PERMISSION]: 'msg.noBasePermission',
};

function leafOf(
  routes: RouteObject[],
  pathname: string,
): { flags: RouteFlags; params: Record<string, string | undefined> } {
  const matches = matchRoutes(routes, pathname) ?? [];
  const leaf = matches[matches.length - 1];
  const handle = leaf?.route.handle as RouteHandle | undefined;
  return { flags: handle?.flags ?? {}, params: leaf?.params ?? {} };
}

async function roles(baseId: string | undefined): Promise<{ org: RoleMap; base: RoleMap }> {
  if (!isSignedIn()) return { org: {}, base: {} };
  const me = await queryClient.ensureQueryData<MeReply>({
    queryKey: meKey(baseId),
    queryFn: () => authApi.me(baseId),
  });
  const { base_id: _ignored, ...base } = me.base_roles ?? {};
  return { org: me.roles as RoleMap, base: base as RoleMap };
}

/**
 * The root route's loader: runs the guard before every navigation. It reads the leaf route's flags from the
 * route table it guards, passed lazily so the table (which names this loader) need not be imported here.
 */
export function guardLoaderFor(routes: () => RouteObject[]) {
  return (args: LoaderFunctionArgs) => guard(routes(), args);
}

async function guard(routes: RouteObject[], { request }: LoaderFunctionArgs): Promise<Response | null> {
  const url = new URL(request.url);
  const fullPath = url.pathname + url.search;
  const { flags, params } = leafOf(routes, url.pathname);
  const appInfo = await queryClient.ensureQueryData({ queryKey: appInfoKey, queryFn: fetchAppInfo });

  let refreshTried = false;
  for (let round = 0; round < 4; round++) {
    const held = await roles(baseRolesFor);
    const input: GuardInput = {
      to: { path: url.pathname, fullPath, params, query: url.searchParams, flags },
      from: previous,
      appInfo,
      host: location.host,
      signedIn: isSignedIn(),
      refreshTried,
      orgRoles: held.org,
      baseRoles: held.base,
      baseRolesFor,
    };
    const decision = decide(input);
    switch (decision.kind) {
      case 'allow':
        previous = { fullPath, params, flags };
        return null;
      case 'refresh':
        refreshTried = true;
        await refreshSession();
        continue;
      case 'loadRoles':
        await queryClient.fetchQuery({
          queryKey: meKey(decision.baseId),
          queryFn: () => authApi.me(decision.baseId),
          staleTime: 0,
        });
        baseRolesFor = decision.baseId;
        continue;
      case 'redirect':
        if (decision.signOut) await signOut();
        if (decision.rememberContinue) updateSettings({ continueAfterSignIn: decision.rememberContinue });
        if (decision.error)
          notification.error({ title: i18next.t(ERROR_KEYS[decision.error] ?? decision.error) });
        return redirect(decision.to);
    }
  }
  throw new Error('The navigation guard did not settle');
}

/** Forget the roles after sign-out so the next user's are loaded afresh. */
export function resetGuardState(): void {
  baseRolesFor = undefined;
  previous = undefined;
}
