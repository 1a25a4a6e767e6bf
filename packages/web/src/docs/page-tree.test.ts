import type { DocsPage } from '@rowbase/core/api/docs';
import { describe, expect, it } from 'vitest';
import { buildTree, dropMove } from './page-tree';

const page = (id: string, parent_id: string | null, order: number): DocsPage => ({
  id,
  parent_id,
  order,
  base_id: 'p1',
  title: id,
  icon: null,
  published: false,
  created_by: null,
  updated_by: null,
  created_at: 0,
  updated_at: 0,
});

const pages = [page('a', null, 1), page('b', null, 2), page('a1', 'a', 1), page('a2', 'a', 2)];

describe('page tree', () => {
  it('nests pages under their parents in order', () => {
    const tree = buildTree([...pages].reverse());
    expect(tree.map((n) => n.page.id)).toEqual(['a', 'b']);
    expect(tree[0]!.children.map((n) => n.page.id)).toEqual(['a1', 'a2']);
  });

  it('places a dropped page between its new neighbours, or inside the target', () => {
    expect(dropMove(pages, 'b', 'a1', 'after')).toEqual({ parent_id: 'a', order: 1.5 });
    expect(dropMove(pages, 'b', 'a1', 'before')).toEqual({ parent_id: 'a', order: 0 });
    expect(dropMove(pages, 'a2', 'b', 'inside')).toEqual({ parent_id: 'b', order: 1 });
  });

  it('refuses to drop a page on itself or below itself', () => {
    expect(dropMove(pages, 'a', 'a1', 'inside')).toBeNull();
    expect(dropMove(pages, 'a', 'a', 'after')).toBeNull();
  });
});
