/**
 * The root element under the router: picks the layout from the deepest route's flags and runs the
 * page-wide behaviours (scroll on navigation, title, sign-out handling, telemetry, Ctrl/Cmd+A, build check).
 */
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { notifyInfo } from '../api/notify';
import { LoadingBar } from '../components/LoadingBar';
import { onSignOut, useToken } from '../session/session';
import { useBuildCheck } from '../telemetry/use-build-check';
import { usePageEvents } from '../telemetry/use-page-events';
import { useTelemetrySocket } from '../telemetry/use-telemetry-socket';
import { DisplayErrorBoundary } from './DisplayErrorBoundary';
import { resetGuardState } from './guard-loader';
import { LAYOUT_COMPONENTS } from './layouts/layouts';
import type { RouteFlags, RouteHandle } from './route-flags';
import { useSelectAllBlock } from './use-select-all-block';

function useLeafFlags(): RouteFlags {
  const matches = useMatches();
  return useMemo(() => {
    for (let i = matches.length - 1; i >= 0; i--) {
      const handle = matches[i]?.handle as RouteHandle | undefined;
      if (handle?.flags) return handle.flags;
    }
    return {};
  }, [matches]);
}

/**
 * False on a page that needs a session while there is none. Signing out clears the token and every cached
 * query at once; a signed-in page left mounted for that moment refetches without a token, gets 401s and
 * throws them while rendering (React's "error during concurrent rendering", #520). Such a page is unmounted
 * as soon as the token goes, before the way to the sign-in page is taken.
 */
function useSessionPresentFor(flags: RouteFlags): boolean {
  const token = useToken();
  const matches = useMatches();
  const leafParams = matches[matches.length - 1]?.params ?? {};
  const needsSession = !flags.public && flags.requiresAuth !== false && leafParams.typeOrId !== 'base';
  return !needsSession || !!token;
}

function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
}

/** After a forced sign-out: toast, and go to /signIn unless the page is public. */
function useSignOutHandling(flags: RouteFlags) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(
    () =>
      onSignOut(({ forced }) => {
        resetGuardState();
        if (!forced) return;
        notifyInfo(t('msg.signedOut'));
        if (!flags.public) navigate('/signIn');
      }),
    [flags.public, navigate, t],
  );
}

export function Shell() {
  const flags = useLeafFlags();
  const { t } = useTranslation();
  useScrollOnNavigate();
  useSignOutHandling(flags);
  useSelectAllBlock();
  useTelemetrySocket();
  usePageEvents();
  useBuildCheck();
  useEffect(() => {
    document.title = flags.title ? `${t(flags.title)} | Rowbase` : 'Rowbase';
  }, [flags.title, t]);
  const sessionPresent = useSessionPresentFor(flags);
  const Layout = LAYOUT_COMPONENTS[flags.layout ?? 'base'];
  if (!sessionPresent) return <LoadingBar />;
  return (
    <>
      <LoadingBar />
      <Layout flags={flags}>
        <DisplayErrorBoundary>
          <Outlet />
        </DisplayErrorBoundary>
      </Layout>
    </>
  );
}
