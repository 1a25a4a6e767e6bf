import { describe, expect, it } from 'vitest';
import { pagePath } from './page-path';
import { socketTarget } from './socket';

describe('telemetry paths', () => {
  it('reports route patterns, not ids, with the type query', () => {
    expect(pagePath('/nc/p1/m1', { typeOrId: 'nc', baseId: 'p1', viewId: 'm1' }, '')).toBe(
      '/:typeOrId/:baseId/:viewId',
    );
    expect(pagePath('/account/users', {}, '?type=x&y=1')).toBe('/account/users?type=x');
  });

  it('connects at {site}/socket.io', () => {
    expect(socketTarget('https://x.io/sub/')).toEqual({ origin: 'https://x.io', path: '/sub/socket.io' });
    expect(socketTarget('http://127.0.0.1:8080')).toEqual({
      origin: 'http://127.0.0.1:8080',
      path: '/socket.io',
    });
  });
});
