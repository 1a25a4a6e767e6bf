/**
 * The widgets of a layout on a 12-column grid (react-grid-layout). Creators drag a widget by its title bar and
 * resize it from the corner; the new positions of the widgets that moved are saved in one call when the drag or
 * resize stops. Readers (and the public page) get the same grid, fixed.
 */
import { GRID_COLUMNS, type WidgetMeta, type WidgetPosition } from '@rowbase/core/api/dashboards';
import type { ReactNode } from 'react';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { movedWidgets } from './grid-positions';

export const ROW_HEIGHT = 48;

export function DashboardGrid({
  widgets,
  editable,
  onMoved,
  renderWidget,
}: {
  widgets: readonly WidgetMeta[];
  editable: boolean;
  onMoved?: (moved: ({ id: string } & WidgetPosition)[]) => void;
  renderWidget: (widget: WidgetMeta) => ReactNode;
}) {
  const { width, containerRef, mounted } = useContainerWidth();
  const layout: Layout = widgets.map((w) => ({ i: w.id, x: w.x, y: w.y, w: w.w, h: w.h, minW: 2, minH: 2 }));
  const stop = (next: Layout) => {
    const moved = movedWidgets(widgets, next);
    if (moved.length) onMoved?.(moved);
  };
  return (
    <div ref={containerRef} data-testid="dashboard-grid">
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: GRID_COLUMNS, rowHeight: ROW_HEIGHT, margin: [12, 12] }}
          dragConfig={{ enabled: editable, handle: '.widget-drag' }}
          resizeConfig={{ enabled: editable, handles: ['se'] }}
          onDragStop={(next) => stop(next)}
          onResizeStop={(next) => stop(next)}
        >
          {widgets.map((w) => (
            <div
              key={w.id}
              data-testid={`widget-${w.id}`}
              data-widget-type={w.type}
              data-w={w.w}
              data-h={w.h}
            >
              {renderWidget(w)}
            </div>
          ))}
        </ReactGridLayout>
      )}
    </div>
  );
}
