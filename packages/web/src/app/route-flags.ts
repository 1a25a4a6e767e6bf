/** Route flags of docs/behaviour/web-app.md, kept on each route's `handle`. */

export const LAYOUTS = ['base', 'dashboard', 'default', 'empty', 'general', 'new', 'shared-view'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export interface RouteFlags {
  /** False for pages a signed-in user is sent away from (sign-in, sign-up, ...). Defaults to true. */
  requiresAuth?: boolean;
  /** Anyone may see the page; no sign-in and no sending away. */
  public?: boolean;
  hideHeader?: boolean;
  hasSidebar?: boolean;
  /** Defaults to 'base'. */
  layout?: LayoutName;
  /** At least one of these roles is needed. */
  allowedRoles?: string[];
  /** i18n key of the head title. */
  title?: string;
}

export interface RouteHandle {
  flags: RouteFlags;
}
