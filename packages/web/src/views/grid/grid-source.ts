/**
 * The grid's reads and writes over the v2 records API (docs/api-compatibility.md):
 * GET /api/v2/tables/{tableId}/records?offset&limit&viewId[&where&sort&fields], GET .../records/count,
 * PATCH/POST/DELETE .../records with arrays of rows. The HTTP call itself is injected (`GridTransport`), so the
 * grid uses the app's client (auth refresh, headers, error extraction) and tests use a fake.
 */
import type { RowWriter } from './grid-edits';
import type { RowSource } from './row-cache';

export type GridTransport = <T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
) => Promise<T>;

/** Query parameters of every read (the toolbar's search, and ad-hoc where/sort when no view saves them). */
export interface RowQuery {
  /** With baseId, reads go through the view (its filters, sorts and fields): /api/v1/db/data/noco/{base}/{table}/views/{view}. */
  viewId?: string;
  baseId?: string;
  where?: string;
  sort?: string;
  fields?: string;
}

function qs(params: Record<string, string | number | undefined>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== '') parts.push(`${k}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Rows read per request when taking a snapshot before a delete (keeps the where list in the URL short). */
const SNAPSHOT_CHUNK = 100;

export function recordsSource(
  call: GridTransport,
  tableId: string,
  query: () => RowQuery,
  idKey = 'Id',
): RowSource & RowWriter {
  const base = `/api/v2/tables/${encodeURIComponent(tableId)}/records`;
  const readPath = () => {
    const { viewId, baseId } = query();
    return viewId && baseId ? `/api/v1/db/data/noco/${baseId}/${tableId}/views/${viewId}` : base;
  };
  const readQuery = () => {
    const { where, sort, fields } = query();
    return { where, sort, fields };
  };
  return {
    async fetchRows(offset, limit, signal) {
      const reply = await call<{ list: Record<string, unknown>[] }>(
        'GET',
        readPath() + qs({ ...readQuery(), offset, limit }),
        undefined,
        signal,
      );
      return reply.list;
    },
    async fetchCount(signal) {
      const reply = await call<{ count: number | string }>(
        'GET',
        `${readPath()}/count${qs({ where: query().where })}`,
        undefined,
        signal,
      );
      return Number(reply.count);
    },
    async update(rows) {
      await call('PATCH', base, rows);
    },
    async insert(rows, before) {
      const path = base + qs({ before: before === undefined ? undefined : String(before) });
      const reply = await call<Record<string, unknown>[] | Record<string, unknown>>('POST', path, rows);
      return (Array.isArray(reply) ? reply : [reply]).map((r) => r.Id ?? r.id);
    },
    async snapshot(ids) {
      const out: Record<string, unknown>[] = [];
      for (let i = 0; i < ids.length; i += SNAPSHOT_CHUNK) {
        const part = ids.slice(i, i + SNAPSHOT_CHUNK);
        const where = `(${idKey},in,${part.map(String).join(',')})`;
        const read = (fields?: string) =>
          call<{ list: Record<string, unknown>[] }>(
            'GET',
            base + qs({ where, fields, limit: part.length }),
          ).then((r) => r.list);
        // Every field, then the hidden row order, which a plain read leaves out.
        const [rows, orders] = await Promise.all([read(), read(`${idKey},nc_order`).catch(() => [])]);
        const orderOf = new Map(orders.map((o) => [String(o[idKey]), o.nc_order]));
        for (const r of rows) {
          const order = orderOf.get(String(r[idKey]));
          out.push(order === undefined ? r : { ...r, nc_order: order });
        }
      }
      return out;
    },
    async restore(rows) {
      await call('POST', base + qs({ keepIds: 'true' }), rows);
    },
    async remove(ids) {
      await call(
        'DELETE',
        base,
        ids.map((Id) => ({ Id })),
      );
    },
  };
}

/**
 * A transport over fetch with the `xc-auth` token, answering parsed JSON and throwing the body's message
 * (docs/api-compatibility.md#errors order: msg, message) on non-2xx replies. The app shell may pass its own client instead.
 */
export function fetchTransport(getToken: () => string | null): GridTransport {
  return async <T>(method: string, path: string, body?: unknown, signal?: AbortSignal) => {
    const headers: Record<string, string> = { 'xc-gui': 'true' };
    const token = getToken();
    if (token) headers['xc-auth'] = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'include',
    });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as unknown) : undefined;
    if (!res.ok) {
      const b = (json ?? {}) as { msg?: string; message?: string };
      throw new Error(b.msg ?? b.message ?? 'Some internal error occurred');
    }
    return json as T;
  };
}
