/**
 * The round of single-row writes the `writes` and `audit` suites time: inserts, then updates of seeded rows,
 * through the v1 row API, with the server's CPU time for each half (everything the writes set off included,
 * up to `settled`).
 */
import type { Api } from './rows-bench.js';

export async function call<T = any>(api: Api, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(api.url + path, {
    method,
    headers: { 'xc-auth': api.token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} -> ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface WriteTarget {
  api: Api;
  /** `/api/v1/db/data/noco/{baseId}/{tableId}` */
  rowsPath: string;
  /** Rows the updates go to, in turn. */
  ids: number[];
  server: { cpuMs(): Promise<number> };
}

export interface Timed {
  /** Wall time of each write, request to response. */
  ms: number[];
  /** Server CPU milliseconds for the whole half, up to `settled`. */
  cpu: number;
  /** When each write's response came, by marker (the `Name` the write set). */
  answered: Map<string, number>;
  /** Each write's request and response times (performance.now()). */
  spans: [number, number][];
}

/**
 * `count` inserts (marked `{tag}-i{n}`), `settled('{tag}-i')`, then `count` updates (`{tag}-u{n}`) and
 * `settled('{tag}-u')`; `settled` waits for what the writes set off (deliveries, audit entries).
 */
export async function writeRound(
  t: WriteTarget,
  opts: { count: number; tag: string; settled: (tag: string) => Promise<void> },
): Promise<{ insert: Timed; update: Timed }> {
  const half = async (kind: 'i' | 'u', write: (marker: string, i: number) => Promise<unknown>) => {
    const timed: Timed = { ms: [], cpu: 0, answered: new Map(), spans: [] };
    const cpu = await t.server.cpuMs();
    for (let i = 0; i < opts.count; i++) {
      const marker = `${opts.tag}-${kind}${i}`;
      const started = performance.now();
      await write(marker, i);
      const done = performance.now();
      timed.ms.push(done - started);
      timed.answered.set(marker, done);
      timed.spans.push([started, done]);
    }
    await opts.settled(`${opts.tag}-${kind}`);
    timed.cpu = (await t.server.cpuMs()) - cpu;
    return timed;
  };
  const insert = await half('i', (marker, i) =>
    call(t.api, 'POST', t.rowsPath, { Title: marker, Name: marker, Qty: i }),
  );
  const update = await half('u', (marker, i) =>
    call(t.api, 'PATCH', `${t.rowsPath}/${t.ids[i % t.ids.length]}`, { Name: marker, Qty: i }),
  );
  return { insert, update };
}
