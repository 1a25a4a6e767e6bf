/**
 * The interactive ER diagram of one source: tables as nodes with their fields, links as edges labelled
 * with their kind; options for keys only, junction tables and system fields; zoom, pan, fit; PNG and
 * SVG download. Used by the base's ERD page and by shared ERD links. Heavy (xyflow, dagre,
 * html-to-image): import it lazily.
 */
import type { ErdMeta } from '@rowbase/core/api/erd';
import {
  Background,
  Controls,
  MarkerType,
  ReactFlow,
  ReactFlowProvider,
  useNodesState,
  useReactFlow,
  type EdgeTypes,
  type NodeTypes,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Button, Checkbox, Space } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../api/notify';
import { downloadDiagram } from './erd-image';
import { buildErdGraph, type ErdEdgeKind, type ErdOptions } from './erd-graph';
import { layoutErd, NODE_WIDTH, nodeHeight } from './erd-layout';
import { typeLabel } from '../../fields/type-label';
import { LinkEdge, type LinkEdgeType } from './LinkEdge';
import { TableNode, type TableNodeData, type TableNodeType } from './TableNode';

const nodeTypes: NodeTypes = { table: TableNode };
const edgeTypes: EdgeTypes = { link: LinkEdge };

const EDGE_LABEL: Record<ErdEdgeKind, string> = {
  hm: 'erd.hasMany',
  mm: 'erd.manyToMany',
  oo: 'erd.oneToOne',
};

export interface ErdDiagramProps {
  meta: ErdMeta;
  /** Only this table and its neighbours (the per-table diagram). */
  focusTableId?: string | null;
  /** File name of downloads, without extension. */
  name: string;
}

export function ErdDiagram(props: ErdDiagramProps) {
  return (
    <ReactFlowProvider>
      <Diagram {...props} />
    </ReactFlowProvider>
  );
}

function Diagram({ meta, focusTableId, name }: ErdDiagramProps) {
  const { t } = useTranslation();
  const flow = useReactFlow();
  const root = useRef<HTMLDivElement>(null);
  const [opts, setOpts] = useState<Omit<ErdOptions, 'focusTableId'>>({
    keysOnly: false,
    showJunction: false,
    showSystem: false,
  });
  const { nodes, edges } = useMemo(() => {
    const started = performance.now();
    const graph = buildErdGraph(meta, { ...opts, focusTableId });
    const positions = layoutErd(graph);
    // Read by the ERD journey, which reports layout time apart from rendering.
    performance.measure('erd-layout', { start: started, end: performance.now() });
    const typeNames = new Map<string, string>();
    const labels: TableNodeData['labels'] = {
      type: (uidt) => typeNames.get(uidt) ?? typeNames.set(uidt, typeLabel(t, uidt)).get(uidt)!,
      junction: t('erd.junction'),
      pk: t('erd.primaryKey'),
      fk: t('erd.foreignKey'),
    };
    // Sizes are known from the layout, so fitting the view never waits for every table to be measured.
    const nodes: TableNodeType[] = graph.nodes.map((n) => ({
      id: n.id,
      type: 'table',
      position: positions.get(n.id)!,
      width: NODE_WIDTH,
      height: nodeHeight(n.columns.length),
      data: { node: n, labels },
    }));
    const edges: LinkEdgeType[] = graph.edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      type: 'link',
      data: { kind: e.kind, label: t(EDGE_LABEL[e.kind]) },
      className: `erd-edge-${e.kind}`,
      markerEnd: { type: MarkerType.ArrowClosed },
      markerStart: e.kind === 'mm' ? { type: MarkerType.ArrowClosed } : undefined,
      style: { strokeWidth: 1.5 },
    }));
    return { nodes, edges };
  }, [meta, opts, focusTableId, t]);

  // Controlled nodes so tables can be dragged; a new layout (options changed) replaces them and is fitted
  // into view. Node sizes come with the layout, so fitting does not wait for the tables to be measured
  // (only the visible ones are rendered at all).
  const [flowNodes, setFlowNodes, onNodesChange] = useNodesState<TableNodeType>(nodes);
  useEffect(() => {
    setFlowNodes(nodes);
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => void flow.fitView({ padding: 0.1 }));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [nodes, setFlowNodes, flow]);

  const download = (format: 'png' | 'svg') =>
    downloadDiagram(root.current!, flow.getNodes(), format, name).catch(notifyError);
  const toggle = (key: keyof typeof opts) => setOpts((o) => ({ ...o, [key]: !o[key] }));

  return (
    <div className="flex h-full min-h-[480px] flex-col" data-testid="erd">
      <Space wrap className="border-b border-gray-200 px-3 py-2">
        <Checkbox checked={opts.keysOnly} onChange={() => toggle('keysOnly')} data-testid="erd-keys-only">
          {t('erd.keysOnly')}
        </Checkbox>
        <Checkbox
          checked={opts.showJunction}
          onChange={() => toggle('showJunction')}
          data-testid="erd-junction"
        >
          {t('erd.showJunction')}
        </Checkbox>
        <Checkbox checked={opts.showSystem} onChange={() => toggle('showSystem')} data-testid="erd-system">
          {t('erd.showSystem')}
        </Checkbox>
        <Button size="small" onClick={() => download('png')} data-testid="erd-download-png">
          {t('erd.downloadPng')}
        </Button>
        <Button size="small" onClick={() => download('svg')} data-testid="erd-download-svg">
          {t('erd.downloadSvg')}
        </Button>
      </Space>
      <div ref={root} className="min-h-0 flex-1" data-testid="erd-canvas">
        <ReactFlow
          nodes={flowNodes}
          onNodesChange={onNodesChange}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          minZoom={0.005}
          maxZoom={2}
          fitView
          onlyRenderVisibleElements
          nodesConnectable={false}
          edgesFocusable={false}
        >
          <Background />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
    </div>
  );
}
