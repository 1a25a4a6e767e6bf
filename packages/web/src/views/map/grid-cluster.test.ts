import { describe, expect, it } from 'vitest';
import { PointSet, clustersIn, worldOf } from './grid-cluster';

describe('grid clusters', () => {
  it('places points in Web Mercator pixels of a 256 px world', () => {
    expect(worldOf(0, 0)).toEqual([128, 128]);
    expect(worldOf(0, 180)[0]).toBe(256);
    expect(worldOf(85.0511287798, -180)[0]).toBe(0);
    expect(worldOf(85.0511287798, 0)[1]).toBeCloseTo(0, 6);
  });

  it('groups near points into one cluster at their centre and leaves far ones alone', () => {
    const points = new PointSet();
    points.add(38.72, -9.14); // Lisbon
    points.add(38.7, -9.1); // beside Lisbon
    points.add(35.68, 139.69); // Tokyo
    const world = { minX: 0, minY: 0, maxX: 256 * 4, maxY: 256 * 4 };
    const at2 = clustersIn(points, 2, world).sort((a, b) => b.count - a.count);
    expect(at2.map((c) => c.count)).toEqual([2, 1]);
    expect(at2[0]!.lat).toBeCloseTo(38.71, 5);
    expect(at2[0]!.bounds).toEqual([
      [38.7, -9.14],
      [38.72, -9.1],
    ]);
    expect(at2[1]).toMatchObject({ count: 1, index: 2, lat: 35.68, lng: 139.69 });
    // Zoomed far in, the two Lisbon points part.
    const [x, y] = worldOf(38.71, -9.12);
    const scale = 2 ** 12;
    const close = {
      minX: x * scale - 600,
      minY: y * scale - 400,
      maxX: x * scale + 600,
      maxY: y * scale + 400,
    };
    expect(clustersIn(points, 12, close).map((c) => c.count)).toEqual([1, 1]);
  });

  it('counts only the points in view, and keeps up with 100k points', () => {
    const points = new PointSet();
    for (let i = 0; i < 100_000; i++)
      points.add(35 + ((i * 7919) % 25000) / 1000, -10 + ((i * 104729) % 40000) / 1000);
    const [w, n] = worldOf(60, -10);
    const [e, s] = worldOf(35, 30);
    const z = 5;
    const box = { minX: w * 2 ** z, minY: n * 2 ** z, maxX: e * 2 ** z, maxY: s * 2 ** z };
    const start = performance.now();
    const clusters = clustersIn(points, z, box);
    const ms = performance.now() - start;
    expect(clusters.reduce((sum, c) => sum + c.count, 0)).toBe(100_000);
    expect(clusters.length).toBeLessThan(300);
    expect(ms).toBeLessThan(500);
    const west = { minX: 0, minY: 0, maxX: (w - 4) * 2 ** z, maxY: 256 * 2 ** z };
    expect(clustersIn(points, z, west)).toEqual([]);
  });
});
