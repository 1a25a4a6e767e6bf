/**
 * The view types the app offers: their number (as the API stores it), the path segment of their create and
 * settings endpoints, the icon the sidebar shows and the i18n key of their name.
 */
import { ViewType } from '@rowbase/core/api/meta';
import type { ViewSegment } from '@rowbase/core/api/views';

export interface ViewTypeInfo {
  type: ViewType;
  segment: ViewSegment;
  icon: string;
  /** `views.type.{key}` in the locale files. */
  key: 'grid' | 'form' | 'gallery' | 'kanban' | 'calendar' | 'map';
}

export const VIEW_TYPES: readonly ViewTypeInfo[] = [
  { type: ViewType.GRID, segment: 'grids', icon: '▦', key: 'grid' },
  { type: ViewType.FORM, segment: 'forms', icon: '☷', key: 'form' },
  { type: ViewType.GALLERY, segment: 'galleries', icon: '▣', key: 'gallery' },
  { type: ViewType.KANBAN, segment: 'kanbans', icon: '▥', key: 'kanban' },
  { type: ViewType.CALENDAR, segment: 'calendars', icon: '▤', key: 'calendar' },
  { type: ViewType.MAP, segment: 'maps', icon: '⌖', key: 'map' },
];

export function viewTypeInfo(type: number): ViewTypeInfo {
  return VIEW_TYPES.find((v) => v.type === type) ?? VIEW_TYPES[0]!;
}

export const LOCK_TYPES = ['collaborative', 'locked', 'personal'] as const;
export type LockType = (typeof LOCK_TYPES)[number];
export const LOCK_ICONS: Record<LockType, string> = { collaborative: '', locked: '🔒', personal: '👤' };
