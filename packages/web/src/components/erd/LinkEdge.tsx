/**
 * A link between two tables, labelled with its kind. The label is an HTML element placed at the path's
 * middle; xyflow's built-in SVG labels measure themselves one by one (getBBox), which took most of
 * the render time of a 200-table diagram.
 */
import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, type Edge, type EdgeProps } from '@xyflow/react';
import { memo } from 'react';

export type LinkEdgeType = Edge<{ label: string; kind: string }, 'link'>;

export const LinkEdge = memo(function LinkEdge(props: EdgeProps<LinkEdgeType>) {
  const [path, labelX, labelY] = getSmoothStepPath(props);
  return (
    <>
      <BaseEdge
        id={props.id}
        path={path}
        markerEnd={props.markerEnd}
        markerStart={props.markerStart}
        style={props.style}
      />
      <EdgeLabelRenderer>
        <div
          className="nodrag nopan absolute rounded bg-white px-1 text-[10px] text-gray-600 shadow-sm"
          style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
          data-testid={`erd-edge-label-${props.data?.kind}`}
        >
          {props.data?.label}
        </div>
      </EdgeLabelRenderer>
    </>
  );
});
