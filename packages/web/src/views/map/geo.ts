/** A GeoData value as stored ("lat;lng", as NocoDB stores it) to a point, or undefined when it is not one. */
export function parseGeo(value: unknown): [number, number] | undefined {
  if (typeof value !== 'string') return undefined;
  const parts = value.split(';');
  if (parts.length !== 2) return undefined;
  const [lat, lng] = parts.map((p) => (p.trim() === '' ? NaN : Number(p)));
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  if (Math.abs(lat!) > 90 || Math.abs(lng!) > 180) return undefined;
  return [lat!, lng!];
}

/** OpenStreetMap's tiles, as most self-hosted maps use. */
export const DEFAULT_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The tile layer's address a map view keeps in its meta (`tileUrl`, docs/views.md): an http(s) template with
 * {z}, {x} and {y}; anything else falls back to OpenStreetMap's.
 * @example tileUrlOf({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png' }) // that address
 */
export function tileUrlOf(meta: Record<string, unknown> | null | undefined): string {
  const v = typeof meta?.tileUrl === 'string' ? meta.tileUrl.trim() : '';
  const ok = /^https?:\/\//i.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p));
  return ok ? v : DEFAULT_TILES;
}
