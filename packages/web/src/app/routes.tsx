/**
 * The route table of docs/behaviour/web-app.md with each route's flags on `handle.flags`. Pages load lazily (one chunk per
 * folder under src/pages). The root route runs the navigation guard before every change.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { guardLoaderFor } from './guard-loader';
import { MissingPageError } from './missing-page';
import type { RouteFlags, RouteHandle } from './route-flags';
import { RouteError } from './RouteError';
import { Shell } from './Shell';
import { StartupSpinner } from './StartupSpinner';

type PageModule = Promise<Record<string, ComponentType>>;

/** A lazily loaded page: `page(() => import('...'), 'Name')`. */
function page(load: () => PageModule, name: string): RouteObject['lazy'] {
  return async () => {
    const mod = await load();
    const Component = mod[name];
    if (!Component) throw new MissingPageError(name);
    return { Component };
  };
}

function flags(f: RouteFlags): RouteHandle {
  return { flags: f };
}

const NO_AUTH: RouteFlags = { requiresAuth: false, hideHeader: false };
const SHARED: RouteFlags = { public: true, requiresAuth: false, layout: 'shared-view', hideHeader: true };

const sharedView = page(() => import('../pages/shared-view/SharedViewPage'), 'SharedViewPage');
const workspaceIndex = page(() => import('../pages/workspace/WorkspacePage'), 'WorkspacePage');

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Shell />,
    errorElement: <RouteError />,
    loader: guardLoaderFor(() => routes),
    shouldRevalidate: () => true,
    HydrateFallback: StartupSpinner,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: '/', handle: flags({ hideHeader: true, hasSidebar: true }), lazy: workspaceIndex },
          { path: '/projects', handle: flags({ hideHeader: true, hasSidebar: true }), lazy: workspaceIndex },
          {
            path: '/projects/list',
            handle: flags({ hideHeader: true, hasSidebar: true }),
            lazy: workspaceIndex,
          },
          {
            path: '/signin',
            handle: flags({ ...NO_AUTH, title: 'title.headLogin' }),
            lazy: page(() => import('../pages/signin/SignInPage'), 'SignInPage'),
          },
          {
            path: '/signup/:token?',
            handle: flags({ ...NO_AUTH, title: 'title.signUp' }),
            lazy: page(() => import('../pages/signup/SignUpPage'), 'SignUpPage'),
          },
          {
            path: '/forgot-password',
            handle: flags({ ...NO_AUTH, title: 'title.forgotPassword' }),
            lazy: page(() => import('../pages/forgot-password/ForgotPasswordPage'), 'ForgotPasswordPage'),
          },
          {
            path: '/reset/:id',
            handle: flags({ ...NO_AUTH, title: 'title.resetPassword' }),
            lazy: page(() => import('../pages/reset/ResetPasswordPage'), 'ResetPasswordPage'),
          },
          {
            path: '/error/404',
            handle: flags({ public: true }),
            lazy: page(() => import('../pages/error/NotFoundPage'), 'NotFoundPage'),
          },
          {
            path: '/copy-shared-base',
            handle: flags({}),
            lazy: page(() => import('../pages/copy-shared-base/CopySharedBasePage'), 'CopySharedBasePage'),
          },
          {
            path: '/profile/:username?',
            handle: flags({}),
            lazy: page(() => import('../pages/profile/ProfilePage'), 'ProfilePage'),
          },
          {
            path: '/account',
            handle: flags({ hideHeader: true, hasSidebar: true }),
            lazy: page(() => import('../pages/account/AccountLayout'), 'AccountLayout'),
            children: [
              {
                index: true,
                handle: flags({ hideHeader: true, hasSidebar: true }),
                lazy: page(() => import('../pages/account/profile/AccountProfilePage'), 'AccountProfilePage'),
              },
              {
                path: 'users/:nestedPage?',
                handle: flags({ hideHeader: true, hasSidebar: true, allowedRoles: ['super'] }),
                lazy: page(() => import('../pages/account/users/UsersPage'), 'UsersPage'),
              },
              {
                path: ':page',
                handle: flags({ hideHeader: true, hasSidebar: true }),
                lazy: page(() => import('../pages/account/AccountPage'), 'AccountPage'),
              },
            ],
          },
          // Shared pages: public, no base layout; also reached as /nc/view/... and /nc/form/...
          {
            path: '/:typeOrId/form/:viewId',
            handle: flags({ ...SHARED, hasSidebar: true }),
            lazy: sharedView,
          },
          {
            path: '/:typeOrId/form/:viewId/survey',
            handle: flags({ ...SHARED, hasSidebar: true }),
            lazy: sharedView,
          },
          {
            path: '/:typeOrId/gallery/:viewId',
            handle: flags({ ...SHARED, hasSidebar: false }),
            lazy: sharedView,
          },
          {
            path: '/:typeOrId/kanban/:viewId',
            handle: flags({ ...SHARED, hasSidebar: false }),
            lazy: sharedView,
          },
          {
            path: '/:typeOrId/map/:viewId',
            handle: flags({ ...SHARED, hasSidebar: false }),
            lazy: sharedView,
          },
          {
            path: '/:typeOrId/view/:viewId',
            handle: flags({ ...SHARED, hasSidebar: false }),
            lazy: sharedView,
          },
          {
            path: '/:typeOrId/shared/:erdUuid',
            handle: flags({ ...SHARED, hasSidebar: false }),
            lazy: page(() => import('../pages/shared-erd/SharedErdPage'), 'SharedErdPage'),
          },
          {
            path: '/:typeOrId/dashboard/:uuid',
            handle: flags({ ...SHARED, hasSidebar: false }),
            lazy: page(() => import('../pages/shared-dashboard/SharedDashboardPage'), 'SharedDashboardPage'),
          },
          {
            path: '/:typeOrId/base/:baseId',
            handle: flags({ hideHeader: true, hasSidebar: true }),
            lazy: page(() => import('../pages/shared-base/SharedBasePage'), 'SharedBasePage'),
          },
          {
            path: '/:typeOrId/doc/:pageId',
            handle: flags({ ...SHARED, hasSidebar: false }),
            lazy: page(() => import('../docs/PublicDocPage'), 'PublicDocPage'),
          },
          {
            path: '/:typeOrId/cowriter/:projectId/*',
            handle: flags({ hideHeader: true, hasSidebar: true }),
            lazy: page(() => import('../pages/cowriter/CowriterPage'), 'CowriterPage'),
          },
          { path: '/:typeOrId', handle: flags({ hideHeader: true, hasSidebar: true }), lazy: workspaceIndex },
          {
            path: '/:typeOrId/:baseId',
            handle: flags({ hideHeader: true, hasSidebar: true }),
            lazy: page(() => import('../pages/base/BaseArea'), 'BaseArea'),
            children: [
              {
                index: true,
                handle: flags({ hideHeader: true, hasSidebar: true }),
                lazy: page(() => import('../pages/base/home/BaseHome'), 'BaseHome'),
              },
              {
                path: 'auth',
                handle: flags({ hideHeader: true, hasSidebar: true }),
                lazy: page(() => import('../pages/base/tools/BaseToolPage'), 'BaseAuthPage'),
              },
              {
                path: 'audit',
                handle: flags({ hideHeader: true, hasSidebar: true }),
                lazy: page(() => import('../pages/base/audit/AuditPage'), 'AuditPage'),
              },
              {
                path: 'sql',
                handle: flags({ hideHeader: true, hasSidebar: true }),
                lazy: page(() => import('../pages/base/sql/SqlPage'), 'SqlPage'),
              },
              {
                path: 'erd/:sourceId',
                handle: flags({ hideHeader: true, hasSidebar: true }),
                lazy: page(() => import('../pages/base/erd/ErdPage'), 'ErdPage'),
              },
              {
                path: 'layout/:layoutId',
                handle: flags({ hideHeader: true, hasSidebar: true }),
                lazy: page(() => import('../dashboards/LayoutPage'), 'LayoutPage'),
              },
              {
                path: 'doc/:pageId',
                handle: flags({ hideHeader: true, hasSidebar: true }),
                lazy: page(() => import('../docs/DocPage'), 'DocPage'),
              },
              {
                path: ':viewId/:viewTitle?/*',
                handle: flags({ hideHeader: true, hasSidebar: true }),
                lazy: page(() => import('../pages/table/TablePage'), 'TablePage'),
              },
            ],
          },
          {
            path: '*',
            handle: flags({ public: true }),
            lazy: page(() => import('../pages/error/NotFoundPage'), 'NotFoundPage'),
          },
        ],
      },
    ],
  },
];
