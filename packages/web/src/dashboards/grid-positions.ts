/** Which widgets a drag or resize moved, as the positions call takes them (docs/dashboards.md). */
import type { WidgetMeta, WidgetPosition } from '@rowbase/core/api/dashboards';

/** A grid item as react-grid-layout reports it. */
export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The widgets whose position differs in the new layout, as the positions call takes them. */
export function movedWidgets(
  widgets: readonly WidgetMeta[],
  layout: readonly GridItem[],
): ({ id: string } & WidgetPosition)[] {
  const out: ({ id: string } & WidgetPosition)[] = [];
  for (const item of layout) {
    const w = widgets.find((x) => x.id === item.i);
    if (!w) continue;
    if (w.x !== item.x || w.y !== item.y || w.w !== item.w || w.h !== item.h) {
      out.push({ id: w.id, x: item.x, y: item.y, w: item.w, h: item.h });
    }
  }
  return out;
}
