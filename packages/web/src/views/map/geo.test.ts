import { describe, expect, it } from 'vitest';
import { parseGeo } from './geo';

describe('parseGeo', () => {
  it('reads "lat;lng" and refuses anything else', () => {
    expect(parseGeo('38.72;-9.14')).toEqual([38.72, -9.14]);
    expect(parseGeo(' 35.68 ; 139.69 ')).toEqual([35.68, 139.69]);
    for (const bad of ['', '1;', ';2', '1,2', 'a;b', '91;0', '0;181', null, 5])
      expect(parseGeo(bad), String(bad)).toBeUndefined();
  });
});
