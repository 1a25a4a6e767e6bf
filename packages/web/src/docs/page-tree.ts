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

/** A move of the page tree made from the keyboard (docs/documentation-bases.md "Pages"). */
export type KeyMove = 'up' | 'down' | 'in' | 'out';

/** Which move a key press asks for on a focused page: Alt with an arrow key. */
export function keyMoveOf(
  e: { altKey: boolean; ctrlKey: boolean; metaKey: boolean; key: string },
  rtl = false,
) {
  if (!e.altKey || e.ctrlKey || e.metaKey) return null;
  const moves: Record<string, KeyMove> = {
    ArrowUp: 'up',
    ArrowDown: 'down',
    ArrowRight: rtl ? 'out' : 'in',
    ArrowLeft: rtl ? 'in' : 'out',
  };
  return moves[e.key] ?? null;
}

/**
 * The change a keyboard move makes, with where the page lands, for the announcement: `up`/`down` swap it with
 * its previous/next sibling, `in` makes it the last child of its previous sibling, `out` places it right after
 * its parent. Null when it cannot move that way (first, last, top level).
 */
export function keyMove(
  pages: DocsPage[],
  id: string,
  move: KeyMove,
): {
  parent_id: string | null;
  order: number;
  /** 1-based position among its new siblings, their count, and the new parent (null: top level). */
  position: number;
  count: number;
  parent: DocsPage | null;
} | null {
  const page = pages.find((p) => p.id === id);
  if (!page) return null;
  const siblingsOf = (parentId: string | null) =>
    pages
      .filter((p) => p.parent_id === parentId)
      .sort((a, b) => a.order - b.order || a.created_at - b.created_at);
  const siblings = siblingsOf(page.parent_id);
  const i = siblings.findIndex((p) => p.id === id);
  const parent = pages.find((p) => p.id === page.parent_id) ?? null;
  const at = (to: { parent_id: string | null; order: number } | null, position: number, count: number) =>
    to && { ...to, position, count, parent: pages.find((p) => p.id === to.parent_id) ?? null };
  switch (move) {
    case 'up':
      return i > 0 ? at(dropMove(pages, id, siblings[i - 1]!.id, 'before'), i, siblings.length) : null;
    case 'down':
      return i < siblings.length - 1
        ? at(dropMove(pages, id, siblings[i + 1]!.id, 'after'), i + 2, siblings.length)
        : null;
    case 'in': {
      const above = siblings[i - 1];
      if (!above) return null;
      const count = siblingsOf(above.id).length + 1;
      return at(dropMove(pages, id, above.id, 'inside'), count, count);
    }
    case 'out': {
      if (!parent) return null;
      const outer = siblingsOf(parent.parent_id);
      const position = outer.findIndex((p) => p.id === parent.id) + 2;
      return at(dropMove(pages, id, parent.id, 'after'), position, outer.length + 1);
    }
  }
}
