/**
 * Clustering for the map, over the points in view at the current zoom only: every point is kept as its Web
 * Mercator position at zoom 0 (256 px for the world), so at zoom z its pixel is that times 2^z; the points on
 * screen fall into square cells of CELL pixels, and a cell with more than one point is a cluster at their
 * centre. One pass over the points per move or zoom: 100k points take a few milliseconds, where clustering
 * every zoom level ahead (leaflet.markercluster) took over 25 s on this machine (docs/views.md Map).
 */
export const CELL = 64;

/** Points as flat arrays: world x and y at zoom 0, and the index of each point's row. */
export class PointSet {
  x: number[] = [];
  y: number[] = [];
  lat: number[] = [];
  lng: number[] = [];
  get size(): number {
    return this.x.length;
  }

  /** Adds a point; returns its index. */
  add(lat: number, lng: number): number {
    const [x, y] = worldOf(lat, lng);
    this.x.push(x);
    this.y.push(y);
    this.lat.push(lat);
    this.lng.push(lng);
    return this.x.length - 1;
  }

  /** The smallest box holding every point, as [[south, west], [north, east]], or undefined when empty. */
  bounds(): [[number, number], [number, number]] | undefined {
    if (!this.size) return undefined;
    let [s, w, n, e] = [90, 180, -90, -180];
    for (let i = 0; i < this.size; i++) {
      s = Math.min(s, this.lat[i]!);
      n = Math.max(n, this.lat[i]!);
      w = Math.min(w, this.lng[i]!);
      e = Math.max(e, this.lng[i]!);
    }
    return [
      [s, w],
      [n, e],
    ];
  }
}

/** Web Mercator (EPSG:3857, as Leaflet draws) position of a point at zoom 0, in pixels of a 256 px world. */
export function worldOf(lat: number, lng: number): [number, number] {
  const max = 85.0511287798;
  const sin = Math.sin((Math.max(-max, Math.min(max, lat)) * Math.PI) / 180);
  const x = 128 + (lng / 360) * 256;
  const y = 128 - (256 / (4 * Math.PI)) * Math.log((1 + sin) / (1 - sin));
  return [x, y];
}

/** A cell of points on screen: one point (`index`) or a cluster of `count` at their centre. */
export interface Cluster {
  count: number;
  /** The first point of the cell (the point itself when count is 1). */
  index: number;
  lat: number;
  lng: number;
  /** The box of the cell's points, [[south, west], [north, east]]. */
  bounds: [[number, number], [number, number]];
}

/**
 * The clusters of the points inside a pixel box at `zoom` (the box in world pixels at that zoom, as Leaflet's
 * getPixelBounds gives it, a cell's margin added so markers at the edge still show).
 */
export function clustersIn(
  points: PointSet,
  zoom: number,
  box: { minX: number; minY: number; maxX: number; maxY: number },
  cell = CELL,
): Cluster[] {
  const scale = 2 ** zoom;
  const [x0, y0, x1, y1] = [box.minX - cell, box.minY - cell, box.maxX + cell, box.maxY + cell];
  const cells = new Map<number, Cluster & { sumLat: number; sumLng: number }>();
  const columns = Math.ceil((x1 - x0) / cell) + 1;
  for (let i = 0; i < points.size; i++) {
    const px = points.x[i]! * scale;
    const py = points.y[i]! * scale;
    if (px < x0 || px > x1 || py < y0 || py > y1) continue;
    const key = Math.floor((py - y0) / cell) * columns + Math.floor((px - x0) / cell);
    const lat = points.lat[i]!;
    const lng = points.lng[i]!;
    const c = cells.get(key);
    if (!c) {
      cells.set(key, {
        count: 1,
        index: i,
        lat,
        lng,
        sumLat: lat,
        sumLng: lng,
        bounds: [
          [lat, lng],
          [lat, lng],
        ],
      });
      continue;
    }
    c.count += 1;
    c.sumLat += lat;
    c.sumLng += lng;
    const [sw, ne] = c.bounds;
    sw[0] = Math.min(sw[0], lat);
    sw[1] = Math.min(sw[1], lng);
    ne[0] = Math.max(ne[0], lat);
    ne[1] = Math.max(ne[1], lng);
  }
  return [...cells.values()].map(({ sumLat, sumLng, ...c }) =>
    c.count === 1 ? c : { ...c, lat: sumLat / c.count, lng: sumLng / c.count },
  );
}
