/** Download of the whole diagram (not just the visible part) as PNG or SVG, drawn from the flow's DOM. */
import { getNodesBounds, getViewportForBounds, type Node } from '@xyflow/react';
import { toPng, toSvg } from 'html-to-image';

/** Largest side of a downloaded image, so a 200-table diagram stays a file a browser can make. */
const MAX_SIDE = 6000;
const PADDING = 40;

export async function downloadDiagram(root: HTMLElement, nodes: Node[], format: 'png' | 'svg', name: string) {
  const viewportEl = root.querySelector<HTMLElement>('.react-flow__viewport');
  if (!viewportEl || !nodes.length) return;
  const bounds = getNodesBounds(nodes);
  const scale = Math.min(
    1,
    MAX_SIDE / (bounds.width + 2 * PADDING),
    MAX_SIDE / (bounds.height + 2 * PADDING),
  );
  const width = Math.ceil((bounds.width + 2 * PADDING) * scale);
  const height = Math.ceil((bounds.height + 2 * PADDING) * scale);
  const vp = getViewportForBounds(bounds, width, height, 0.01, 2, 0);
  const options = {
    backgroundColor: '#ffffff',
    width,
    height,
    style: {
      width: `${width}px`,
      height: `${height}px`,
      transform: `translate(${vp.x}px, ${vp.y}px) scale(${vp.zoom})`,
    },
  };
  const url = format === 'png' ? await toPng(viewportEl, options) : await toSvg(viewportEl, options);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.${format}`;
  a.click();
}
