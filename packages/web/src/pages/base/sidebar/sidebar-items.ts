/** The kinds of sidebar items of docs/behaviour/web-app.md. */
export const SIDEBAR_ITEM_KINDS = [
  'table',
  'view',
  'auth',
  'sql',
  'erd',
  'doc',
  'layout',
  'db',
  'audit',
] as const;
export type SidebarItemKind = (typeof SIDEBAR_ITEM_KINDS)[number];

export const SIDEBAR_ICONS: Record<SidebarItemKind, string> = {
  table: '▦',
  view: '▤',
  auth: '◎',
  sql: '❯',
  erd: '⇄',
  doc: '☰',
  layout: '◫',
  db: '◆',
  audit: '⏱',
};
