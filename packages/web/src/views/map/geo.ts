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
