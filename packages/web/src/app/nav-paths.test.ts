import { describe, expect, it } from 'vitest';
import { navPath } from './nav-paths';

describe('navPath', () => {
  it('builds /{workspace or nc}/{base}/{table}/{view}', () => {
    expect(navPath({})).toBe('/nc');
    expect(navPath({ workspaceId: 'w1' })).toBe('/w1');
    expect(navPath({ baseId: 'p1' })).toBe('/nc/p1');
    expect(navPath({ baseId: 'p1', tableId: 'm1', viewId: 'vw1' })).toBe('/nc/p1/m1/vw1');
    expect(navPath({ workspaceId: 'w1', baseId: 'p1', tableId: 'm1' })).toBe('/w1/p1/m1');
  });

  it('ignores table and view without a base, and appends the query', () => {
    expect(navPath({ tableId: 'm1' })).toBe('/nc');
    expect(navPath({ baseId: 'p1', query: { page: 'settings', tab: undefined } })).toBe(
      '/nc/p1?page=settings',
    );
  });
});
