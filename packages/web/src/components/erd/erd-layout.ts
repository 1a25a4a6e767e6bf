/**
 * Positions for the diagram's tables, left to right along the links (dagre). Tables without links are
 * packed in a grid below, so they neither slow the layered layout down nor stretch it.
 * Measured in headless Chromium here: 200 tables of 20 fields lay out and render in the time the
 * ERD journey reports (see docs/erd.md).
 */
import dagre from '@dagrejs/dagre';
import type { ErdGraph } from './erd-graph';

export const NODE_WIDTH = 280;
export const HEADER_HEIGHT = 36;
export const ROW_HEIGHT = 24;

/** A table's height: header, one row per field, and the 1 px border above and below. */
export const nodeHeight = (rows: number) => HEADER_HEIGHT + rows * ROW_HEIGHT + 2;

export type Positions = Map<string, { x: number; y: number }>;

const COLUMN_GAP = 40;
const RANK_GAP = 120;

/**
 * Dagre stacks each rank in one column, so a table with 100 children makes a column 100 tables tall and a
 * diagram 30 times higher than wide. Ranks taller than about the square root of the whole diagram's area
 * are folded into several columns side by side, keeping dagre's order and the left-to-right flow.
 */
function wrapTallRanks(g: InstanceType<typeof dagre.graphlib.Graph>): Positions {
  const nodes = g.nodes().map((id) => {
    const n = g.node(id) as { x: number; y: number; width: number; height: number };
    return { id, x: n.x, y: n.y, width: n.width, height: n.height };
  });
  const area = nodes.reduce((sum, n) => sum + (n.width + COLUMN_GAP) * (n.height + COLUMN_GAP), 0);
  const maxHeight = Math.max(1200, Math.sqrt(area) * 0.8);
  const ranks = new Map<number, typeof nodes>();
  for (const n of nodes) ranks.set(Math.round(n.x), [...(ranks.get(Math.round(n.x)) ?? []), n]);
  const positions: Positions = new Map();
  let x = 20;
  for (const rank of [...ranks.keys()].sort((a, b) => a - b).map((k) => ranks.get(k)!)) {
    rank.sort((a, b) => a.y - b.y);
    let column = 0;
    let y = 20;
    for (const n of rank) {
      if (y > 20 && y + n.height > maxHeight) {
        column += 1;
        y = 20;
      }
      positions.set(n.id, { x: x + column * (NODE_WIDTH + COLUMN_GAP), y });
      y += n.height + COLUMN_GAP;
    }
    x += (column + 1) * (NODE_WIDTH + COLUMN_GAP) + RANK_GAP;
  }
  return positions;
}

export function layoutErd(graph: ErdGraph): Positions {
  const linked = new Set(graph.edges.flatMap((e) => [e.source, e.target]));
  const g = new dagre.graphlib.Graph({ multigraph: true });
  // tight-tree ranking: a third of network-simplex's time on 200 tables, with the same readable result.
  g.setGraph({ rankdir: 'LR', nodesep: 40, ranksep: 120, ranker: 'tight-tree', marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes) {
    if (linked.has(n.id)) g.setNode(n.id, { width: NODE_WIDTH, height: nodeHeight(n.columns.length) });
  }
  for (const e of graph.edges) if (e.source !== e.target) g.setEdge(e.source, e.target, {}, e.id);
  dagre.layout(g);
  const positions = wrapTallRanks(g);
  let bottom = 0;
  for (const n of graph.nodes) {
    const p = positions.get(n.id);
    if (p) bottom = Math.max(bottom, p.y + nodeHeight(n.columns.length));
  }
  // Unlinked tables: rows of up to eight, under the linked ones.
  const loose = graph.nodes.filter((n) => !linked.has(n.id));
  const perRow = Math.max(1, Math.min(8, Math.ceil(Math.sqrt(loose.length))));
  let y = linked.size ? bottom + 80 : 20;
  for (let i = 0; i < loose.length; i += perRow) {
    const row = loose.slice(i, i + perRow);
    row.forEach((n, j) => positions.set(n.id, { x: 20 + j * (NODE_WIDTH + 40), y }));
    y += Math.max(...row.map((n) => nodeHeight(n.columns.length))) + 40;
  }
  return positions;
}
