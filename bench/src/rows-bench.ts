/**
 * The row API benchmark of issue 3: seed N rows (BENCH_ROWS, default 100,000) through the bulk API, then
 * time pages, a filtered and sorted page, a deep page, a filtered count, and requests/s at 20 concurrent
 * clients. Everything goes over real HTTP to a server on embedded SQLite.
 */
import autocannon from 'autocannon';
import { median, percentile, timeRuns } from './stats.js';

export interface Api {
  url: string;
  token: string;
}

/** One JSON call to the API as the benchmark's user; a 4xx or 5xx throws with the answer. */
export async function call<T = any>(api: Api, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(api.url + path, {
    method,
    headers: { 'xc-auth': api.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} -> ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The Status options of the benchmark tables. */
export const STATUSES = ['open', 'closed', 'pending', 'archived'];

/** Creates the benchmark base (named `baseTitle`) and its Items table; returns their ids. */
export async function createBenchTable(
  api: Api,
  baseTitle = 'Bench',
): Promise<{ baseId: string; tableId: string }> {
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: baseTitle });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    table_name: 'items',
    title: 'Items',
    columns: [
      { column_name: 'name', title: 'Name', uidt: 'SingleLineText' },
      { column_name: 'price', title: 'Price', uidt: 'Decimal' },
      { column_name: 'qty', title: 'Qty', uidt: 'Number' },
      {
        column_name: 'status',
        title: 'Status',
        uidt: 'SingleSelect',
        colOptions: { options: STATUSES.map((title) => ({ title })) },
      },
      { column_name: 'done', title: 'Done', uidt: 'Checkbox' },
      { column_name: 'day', title: 'Day', uidt: 'Date' },
    ],
  });
  return { baseId: base.id, tableId: table.id };
}

/** Row `i` of the benchmark's Items table. */
export function rowAt(i: number) {
  return {
    Title: `Item ${i}`,
    Name: `name-${(i * 7919) % 100_003}`,
    Price: ((i * 37) % 10_000) / 100,
    Qty: i % 500,
    Status: STATUSES[i % 4],
    Done: i % 3 === 0,
    Day: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  };
}

/**
 * Seeds `total` rows (`row(i)`, by default the Items rows) through the v1 bulk insert in batches, two
 * requests in flight (the client prepares the next batch while the server writes one); returns rows per second.
 */
export async function seed(
  api: Api,
  baseId: string,
  tableId: string,
  total: number,
  { batch = 2000, row = rowAt as (i: number) => object } = {},
): Promise<number> {
  const path = `/api/v1/db/data/bulk/noco/${baseId}/${tableId}`;
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const from = next;
      const n = Math.min(batch, total - from);
      next += n;
      await call(
        api,
        'POST',
        path,
        Array.from({ length: n }, (_, k) => row(from + k)),
      );
    }
  };
  await Promise.all([worker(), worker()]);
  return total / ((performance.now() - started) / 1000);
}

export interface Figures {
  name: string;
  p50: number;
  p95: number;
  /** Server CPU milliseconds per request, when measured: steady on a busy machine where latency is not. */
  cpu?: number;
}

function figures(name: string, ms: number[], cpu?: number): Figures {
  return { name, p50: median(ms), p95: percentile(ms, 95), cpu };
}

/**
 * The timed reads: each is one HTTP request, measured `runs` times after a warm-up. The first request of a
 * new filter/sort shape starts building a fitting index; `settle` waits for it, and that first request is
 * reported on its own.
 */
export async function timeReads(
  api: Api,
  tableId: string,
  settle: () => Promise<void>,
  serverCpuMs: () => Promise<number>,
  runs = 300,
): Promise<Figures[]> {
  const records = `/api/v2/tables/${tableId}/records`;
  const get = (p: string) => () =>
    fetch(api.url + p, { headers: { 'xc-auth': api.token } }).then(async (r) => {
      if (r.status !== 200) throw new Error(`${p} -> ${r.status} ${await r.text()}`);
      return r.arrayBuffer();
    });
  const measure = async (name: string, fn: () => Promise<unknown>): Promise<Figures[]> => {
    const t = performance.now();
    await fn();
    await settle();
    const first = performance.now() - t;
    return [{ name: `${name} (first, index build included)`, p50: first, p95: first }, await timed(name, fn)];
  };
  const timed = async (name: string, fn: () => Promise<unknown>): Promise<Figures> => {
    await timeRuns(fn, 0, 20);
    const cpu0 = await serverCpuMs();
    const ms = await timeRuns(fn, runs, 0);
    return figures(name, ms, ((await serverCpuMs()) - cpu0) / runs);
  };
  const filtered = `${records}?where=${encodeURIComponent('(Status,eq,open)~and(Price,gt,50)')}&sort=-Price&limit=25`;
  let n = 0;
  const uncachedCount = () => {
    // A different filter each time: the count cache cannot answer, the database counts.
    const where = encodeURIComponent(`(Status,eq,closed)~and(Qty,lt,${100 + n++})`);
    return get(`${records}/count?where=${where}`)();
  };
  const count = `${records}/count?where=${encodeURIComponent('(Status,eq,closed)~and(Qty,lt,100)')}`;
  const send = (method: string, body: unknown) => () =>
    fetch(api.url + records, {
      method,
      headers: { 'xc-auth': api.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => {
      if (r.status !== 200) throw new Error(`${method} ${records} -> ${r.status} ${await r.text()}`);
      return r.arrayBuffer();
    });
  let qty = 0;
  // Writes, one row each: what publishing a change costs a writer shows here first.
  const updateOne = () => send('PATCH', { Id: 1 + (qty % 1000), Qty: qty++ })();
  return [
    await timed('25-row page', get(`${records}?limit=25`)),
    ...(await measure('filtered + sorted 25-row page', get(filtered))),
    await timed('page at offset 50,000', get(`${records}?limit=25&offset=50000`)),
    ...(await measure('count with a filter', get(count))),
    await timed('count with a filter, never cached', uncachedCount),
    await timed('single-row update', updateOne),
    await timed('single-row insert', send('POST', rowAt(0))),
  ];
}

/** Requests per second at `connections` concurrent clients on the filtered, sorted page. */
export async function loadTest(api: Api, tableId: string, connections = 20, seconds = 10): Promise<number> {
  const where = encodeURIComponent('(Status,eq,open)~and(Price,gt,50)');
  const result = await autocannon({
    url: `${api.url}/api/v2/tables/${tableId}/records?where=${where}&sort=-Price&limit=25`,
    connections,
    duration: seconds,
    headers: { 'xc-auth': api.token },
  });
  if (result.non2xx) throw new Error(`load test: ${result.non2xx} non-2xx answers`);
  return result.requests.average;
}
