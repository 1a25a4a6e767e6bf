import { describe, expect, it } from 'vitest';
import { DEFAULT_TILES, parseGeo, tileUrlOf } from './geo';

describe('parseGeo', () => {
  it('reads "lat;lng" and refuses anything else', () => {
    expect(parseGeo('38.72;-9.14')).toEqual([38.72, -9.14]);
    expect(parseGeo(' 35.68 ; 139.69 ')).toEqual([35.68, 139.69]);
    for (const bad of ['', '1;', ';2', '1,2', 'a;b', '91;0', '0;181', null, 5])
      expect(parseGeo(bad), String(bad)).toBeUndefined();
  });
});

describe('tile layer address', () => {
  it('takes an http(s) template with {z}, {x} and {y} from the view meta, else OpenStreetMap', () => {
    const own = 'https://tiles.example.org/{z}/{x}/{y}.png';
    expect(tileUrlOf({ tileUrl: ` ${own} ` })).toBe(own);
    expect(tileUrlOf({ tileUrl: 'javascript:alert(1)/{z}/{x}/{y}' })).toBe(DEFAULT_TILES);
    expect(tileUrlOf({ tileUrl: 'https://tiles.example.org/{z}/{x}.png' })).toBe(DEFAULT_TILES);
    expect(tileUrlOf(null)).toBe(DEFAULT_TILES);
  });
});
