/**
 * Turns a source's schema into what the diagram draws: which tables (junction tables only when asked,
 * or one table and its neighbours), which fields (keys only, system fields or not), and one edge per
 * link with its kind. Both sides of a link arrive from the server; each becomes a single edge.
 */
import type { ErdColumn, ErdMeta, ErdTable } from '@rowbase/core/api/erd';

export interface ErdOptions {
  /** Only primary- and foreign-key fields. */
  keysOnly: boolean;
  /** Draw many-to-many links through their junction table instead of directly. */
  showJunction: boolean;
  /** Show system fields (foreign keys, created/updated times). */
  showSystem: boolean;
  /** Only this table and the tables it links to. */
  focusTableId?: string | null;
}

export type ErdEdgeKind = 'hm' | 'mm' | 'oo';

export interface ErdGraphNode {
  id: string;
  table: ErdTable;
  columns: ErdColumn[];
}

export interface ErdGraphEdge {
  id: string;
  /** The parent (one) side; for many-to-many, either table. */
  source: string;
  target: string;
  kind: ErdEdgeKind;
}

export interface ErdGraph {
  nodes: ErdGraphNode[];
  edges: ErdGraphEdge[];
}

export function buildErdGraph(meta: ErdMeta, opts: ErdOptions): ErdGraph {
  const edges = new Map<string, ErdGraphEdge>();
  const add = (e: ErdGraphEdge) => edges.set(e.id, e);
  for (const r of meta.relations) {
    if (r.type === 'mm') {
      const pair = [r.fk_model_id, r.fk_related_model_id].sort();
      const junction = r.fk_mm_model_id;
      if (opts.showJunction && junction) {
        for (const side of pair)
          add({ id: `mm:${junction}:${side}`, source: side, target: junction, kind: 'mm' });
      } else {
        add({ id: `mm:${junction ?? pair.join(':')}`, source: pair[0]!, target: pair[1]!, kind: 'mm' });
      }
      continue;
    }
    // hm sits on the parent, bt on the child; both name the same child column.
    const [parent, child] =
      r.type === 'bt' ? [r.fk_related_model_id, r.fk_model_id] : [r.fk_model_id, r.fk_related_model_id];
    const kind: ErdEdgeKind = r.type === 'oo' ? 'oo' : 'hm';
    add({
      id: `${kind}:${parent}:${child}:${r.fk_child_column_id ?? r.fk_column_id}`,
      source: parent,
      target: child,
      kind,
    });
  }

  let tables = meta.tables.filter((t) => opts.showJunction || !t.mm);
  if (opts.focusTableId) {
    const near = new Set([opts.focusTableId]);
    for (const e of edges.values()) {
      if (e.source === opts.focusTableId) near.add(e.target);
      if (e.target === opts.focusTableId) near.add(e.source);
    }
    tables = tables.filter((t) => near.has(t.id));
  }
  const shown = new Set(tables.map((t) => t.id));
  return {
    nodes: tables.map((table) => ({
      id: table.id,
      table,
      columns: table.columns.filter((c) => showColumn(c, opts)),
    })),
    edges: [...edges.values()].filter((e) => shown.has(e.source) && shown.has(e.target)),
  };
}

function showColumn(c: ErdColumn, opts: ErdOptions): boolean {
  if (opts.keysOnly) return c.pk || c.fk;
  return opts.showSystem || c.pk || !c.system;
}
