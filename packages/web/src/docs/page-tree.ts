/** The page tree of a documentation base, built from the flat list, and where a drop puts a page. */
import type { DocsPage } from '@rowbase/core/api/docs';

export interface TreeNode {
  page: DocsPage;
  children: TreeNode[];
}

export function buildTree(pages: DocsPage[]): TreeNode[] {
  const nodes = new Map(pages.map((p) => [p.id, { page: p, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.page.parent_id ? nodes.get(n.page.parent_id) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  const sort = (list: TreeNode[]) => {
    list.sort((a, b) => a.page.order - b.page.order || a.page.created_at - b.page.created_at);
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

/** Ids of the page and all pages below it. */
export function descendantsOf(pages: DocsPage[], id: string): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of pages)
      if (p.parent_id && out.has(p.parent_id) && !out.has(p.id)) {
        out.add(p.id);
        grew = true;
      }
  }
  return out;
}

/**
 * The move a drop makes: `inside` makes the dragged page the target's last child; `before`/`after` places it
 * beside the target, between the target and its neighbour. Null when the drop is on the page itself or below it.
 */
export function dropMove(
  pages: DocsPage[],
  draggedId: string,
  targetId: string,
  where: 'before' | 'after' | 'inside',
): { parent_id: string | null; order: number } | null {
  if (descendantsOf(pages, draggedId).has(targetId)) return null;
  const target = pages.find((p) => p.id === targetId);
  if (!target) return null;
  if (where === 'inside') {
    const kids = pages.filter((p) => p.parent_id === targetId && p.id !== draggedId);
    return { parent_id: targetId, order: Math.max(0, ...kids.map((k) => k.order)) + 1 };
  }
  const siblings = pages
    .filter((p) => p.parent_id === target.parent_id && p.id !== draggedId)
    .sort((a, b) => a.order - b.order);
  const i = siblings.findIndex((p) => p.id === targetId);
  const neighbour = siblings[where === 'before' ? i - 1 : i + 1];
  const order = neighbour
    ? (target.order + neighbour.order) / 2
    : target.order + (where === 'before' ? -1 : 1);
  return { parent_id: target.parent_id, order };
}
