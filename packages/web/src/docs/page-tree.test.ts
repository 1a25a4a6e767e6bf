import type { DocsPage } from '@rowbase/core/api/docs';
import { describe, expect, it } from 'vitest';
import { buildTree, dropMove, keyMove, keyMoveOf } from './page-tree';

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

  it('moves a page from the keyboard: up and down among its siblings, in under the one above, out after its parent', () => {
    const withB1 = [...pages, page('b1', 'b', 1)];
    expect(keyMove(withB1, 'a2', 'up')).toMatchObject({ parent_id: 'a', order: 0, position: 1, count: 2 });
    expect(keyMove(withB1, 'a1', 'down')).toMatchObject({ parent_id: 'a', order: 3, position: 2, count: 2 });
    expect(keyMove(withB1, 'a1', 'up')).toBeNull();
    expect(keyMove(withB1, 'a2', 'down')).toBeNull();
    expect(keyMove(withB1, 'b', 'in')).toMatchObject({ parent_id: 'a', order: 3, position: 3, count: 3 });
    expect(keyMove(withB1, 'b', 'in')?.parent?.id).toBe('a');
    expect(keyMove(withB1, 'a', 'in')).toBeNull();
    expect(keyMove(withB1, 'a1', 'out')).toMatchObject({
      parent_id: null,
      order: 1.5,
      position: 2,
      count: 3,
    });
    expect(keyMove(withB1, 'a1', 'out')?.parent).toBeNull();
    expect(keyMove(withB1, 'b', 'out')).toBeNull();
  });

  it('reads Alt with an arrow as a move, mirrored right to left', () => {
    const key = (k: string, altKey = true) => ({ key: k, altKey, ctrlKey: false, metaKey: false });
    expect(keyMoveOf(key('ArrowUp'))).toBe('up');
    expect(keyMoveOf(key('ArrowDown'))).toBe('down');
    expect(keyMoveOf(key('ArrowRight'))).toBe('in');
    expect(keyMoveOf(key('ArrowRight'), true)).toBe('out');
    expect(keyMoveOf(key('ArrowUp', false))).toBeNull();
    expect(keyMoveOf(key('a'))).toBeNull();
  });
});
