/**
 * One table in the diagram: its title, then each shown field with type glyph, name, type and key marks.
 * Zoomed out below READABLE_ZOOM, where no field name could be read, a table draws its fields as plain
 * row lines instead: a 200-table diagram fitted to the screen then paints 200 small boxes, not 4,000
 * field rows (this is what keeps its first render within the 2 s budget; see docs/erd.md).
 */
import { Handle, Position, useStore, type Node, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { typeIcon } from '../../fields/type-icons';
import type { ErdGraphNode } from './erd-graph';
import { HEADER_HEIGHT, NODE_WIDTH, ROW_HEIGHT } from './erd-layout';

export const READABLE_ZOOM = 0.45;

export interface TableNodeData extends Record<string, unknown> {
  node: ErdGraphNode;
  /** Translated type names and key labels, computed once per diagram rather than per field. */
  labels: { type: (uidt: string) => string; junction: string; pk: string; fk: string };
}

export type TableNodeType = Node<TableNodeData, 'table'>;

const hidden = { opacity: 0, width: 1, height: 1, minWidth: 0, minHeight: 0, border: 0 };
const rowLines = `repeating-linear-gradient(to bottom, transparent 0 ${ROW_HEIGHT - 1}px, #e5e7eb ${ROW_HEIGHT - 1}px ${ROW_HEIGHT}px)`;

export const TableNode = memo(function TableNode({ data }: NodeProps<TableNodeType>) {
  const { table, columns } = data.node;
  const readable = useStore((s) => s.transform[2] >= READABLE_ZOOM);
  return (
    <div
      className="overflow-hidden rounded-md border border-gray-300 bg-white text-xs shadow-sm"
      style={{ width: NODE_WIDTH }}
      data-testid={`erd-table-${table.title}`}
    >
      <Handle type="target" position={Position.Left} style={hidden} />
      <div
        className={`flex items-center gap-2 px-3 font-semibold ${table.mm ? 'bg-gray-100 text-gray-600' : 'bg-indigo-50 text-indigo-800'}`}
        style={{ height: HEADER_HEIGHT }}
      >
        <span className="truncate">{table.title}</span>
        {table.mm && <span className="ms-auto text-[10px] font-normal">{data.labels.junction}</span>}
      </div>
      {readable ? (
        <ul>
          {columns.map((c) => (
            <li
              key={c.id}
              className="flex items-center gap-2 border-t border-gray-100 px-3"
              style={{ height: ROW_HEIGHT }}
              data-testid="erd-field"
            >
              <span className="w-5 shrink-0 text-center text-gray-500" aria-hidden>
                {typeIcon(c.uidt)}
              </span>
              <span className={`truncate ${c.pv ? 'font-semibold' : ''}`}>{c.title}</span>
              <span className="ms-auto shrink-0 text-[10px] text-gray-400">{data.labels.type(c.uidt)}</span>
              {c.pk && (
                <span
                  className="rounded bg-amber-100 px-1 text-[10px] font-semibold text-amber-800"
                  title={data.labels.pk}
                >
                  PK
                </span>
              )}
              {c.fk && (
                <span
                  className="rounded bg-sky-100 px-1 text-[10px] font-semibold text-sky-800"
                  title={data.labels.fk}
                >
                  FK
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <div
          style={{ height: columns.length * ROW_HEIGHT, background: rowLines }}
          data-testid="erd-fields-compact"
        />
      )}
      <Handle type="source" position={Position.Right} style={hidden} />
    </div>
  );
});
