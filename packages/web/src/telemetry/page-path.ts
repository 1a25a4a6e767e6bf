/**
 * The path telemetry reports: the route pattern rather than the ids in it, plus the `type` query parameter
 * when there is one (docs/behaviour/web-app.md Page event).
 * @example pagePath('/nc/p1/m1', { typeOrId: 'nc', baseId: 'p1', viewId: 'm1' }, '') // '/:typeOrId/:baseId/:viewId'
 */
export function pagePath(
  pathname: string,
  params: Record<string, string | undefined>,
  search: string,
): string {
  const byValue = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) if (value && name !== '*') byValue.set(value, name);
  const pattern = pathname
    .split('/')
    .map((seg) => {
      const name = byValue.get(decodeURIComponent(seg));
      return name ? `:${name}` : seg;
    })
    .join('/');
  const type = new URLSearchParams(search).get('type');
  return type ? `${pattern}?type=${type}` : pattern;
}
