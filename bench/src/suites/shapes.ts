/**
 * The query shapes users really send (issue 19), each measured cold and warm over real HTTP:
 * - cold: the first request of the shape (no result cached, no automatic index for it yet); the index the
 *   request starts building is timed on its own, up to when it is ready;
 * - warm: p50/p95 of many requests whose values change each time (another filter value, another offset), so
 *   no cache keyed by the request can answer.
 * Then a mixed load of all shapes at 20 concurrent clients, and the server's RSS.
 */
import autocannon from 'autocannon';
import { call, createBenchTable, seed, STATUSES, type Api } from '../rows-bench.js';
import type { ServerProcess } from '../server-process.js';
import { backendCpuSince, pgBackendCpu } from '../pg-backend-cpu.js';
import { median, percentile } from '../stats.js';
import { leanGet } from '../lean-get.js';

/** The benchmark's user on the server under test. */
export type ShapeApi = Api;

export interface Fixture {
  baseId: string;
  itemsId: string;
  insertRate: number;
  /** Server CPU per row of that insert, in microseconds. */
  insertCpuUs: number;
}

/**
 * Items (N rows) with a link to Customers (N/100) whose City and Title are looked up, a has-many to Parts
 * (N/4) rolled up, and a formula. Link keys are written in SQL: they are set-up, not what is measured.
 */
export async function setUp(api: ShapeApi, server: ServerProcess, n: number): Promise<Fixture> {
  // Items: the rows benchmark's table and rows (Title, Name, Price, Qty, Status, Done, Day).
  const { baseId, tableId: itemsId } = await createBenchTable(api, 'Shapes');
  const mk = (title: string, columns: object[]) =>
    call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, { title, columns });
  const customers = await mk('Customers', [{ title: 'City', uidt: 'SingleLineText' }]);
  const parts = await mk('Parts', [{ title: 'Weight', uidt: 'Decimal' }]);
  const nCustomers = Math.max(10, Math.round(n / 100));
  const nParts = Math.round(n / 4);
  const cpuBefore = await server.cpuMs();
  const insertRate = await seed(api, baseId, itemsId, n);
  const insertCpuUs = (((await server.cpuMs()) - cpuBefore) * 1000) / n;
  await seed(api, baseId, customers.id, nCustomers, {
    row: (i) => ({ Title: `Customer ${i}`, City: `City ${i % 50}` }),
  });
  await seed(api, baseId, parts.id, nParts, { row: (i) => ({ Title: `Part ${i}`, Weight: (i % 300) / 4 }) });

  const col = async (tableId: string, body: object) =>
    (await call(api, 'POST', `/api/v1/db/meta/tables/${tableId}/columns`, body)).column_id as string;
  const meta = (id: string) => call(api, 'GET', `/api/v1/db/meta/tables/${id}`);
  const fieldId = async (tableId: string, title: string) =>
    (await meta(tableId)).columns.find((c: any) => c.title === title).id as string;
  const customerLink = await col(itemsId, {
    title: 'Customer',
    uidt: 'LinkToAnotherRecord',
    type: 'bt',
    childId: customers.id,
  });
  const partsLink = await col(itemsId, { title: 'Parts', uidt: 'Links', type: 'hm', childId: parts.id });
  const fkOf = (m: any) => m.columns.find((c: any) => c.uidt === 'ForeignKey').column_name as string;
  const itemsMeta = await meta(itemsId);
  const partsMeta = await meta(parts.id);
  await server.sql(`update "${itemsMeta.table_name}" set "${fkOf(itemsMeta)}" = (id % ${nCustomers}) + 1`);
  await server.sql(`update "${partsMeta.table_name}" set "${fkOf(partsMeta)}" = ((id * 7) % ${n}) + 1`);
  await col(itemsId, {
    title: 'City',
    uidt: 'Lookup',
    fk_relation_column_id: customerLink,
    fk_lookup_column_id: await fieldId(customers.id, 'City'),
  });
  await col(itemsId, {
    title: 'Customer name',
    uidt: 'Lookup',
    fk_relation_column_id: customerLink,
    fk_lookup_column_id: await fieldId(customers.id, 'Title'),
  });
  await col(itemsId, {
    title: 'Parts weight',
    uidt: 'Rollup',
    fk_relation_column_id: partsLink,
    fk_rollup_column_id: await fieldId(parts.id, 'Weight'),
    rollup_function: 'sum',
  });
  await col(itemsId, { title: 'Value', uidt: 'Formula', formula_raw: '{Price} * {Qty}' });
  return { baseId, itemsId, insertRate, insertCpuUs };
}

/** A shape: a request path whose values change with `i`. */
interface Shape {
  name: string;
  path: (i: number) => string;
}

export function shapesOf(f: Fixture, n: number): Shape[] {
  const v2 = `/api/v2/tables/${f.itemsId}/records`;
  const v1 = `/api/v1/db/data/noco/${f.baseId}/${f.itemsId}`;
  const w = (s: string) => `where=${encodeURIComponent(s)}`;
  const status = (i: number) => STATUSES[i % 4];
  const computed = encodeURIComponent('Id,Title,Price,Qty,City,Customer name,Parts weight,Value');
  return [
    { name: 'plain 25-row page', path: (i) => `${v2}?limit=25&offset=${(i * 25) % 475}` },
    {
      name: 'v1 list with pageInfo.totalRows',
      path: (i) => `${v1}?limit=25&${w(`(Qty,lt,${50 + (i % 400)})`)}`,
    },
    {
      name: 'filter on two fields, sort by a third',
      path: (i) =>
        `${v2}?limit=25&${w(`(Status,eq,${status(i)})~and(Qty,lt,${50 + (i % 400)})`)}&sort=-Price`,
    },
    {
      name: 'filter groups with ~or',
      path: (i) =>
        `${v2}?limit=25&${w(`((Status,eq,${status(i)})~and(Qty,lt,${10 + (i % 400)}))~or(Price,gt,${90 + (i % 10)})`)}`,
    },
    {
      name: 'like search on the display value',
      path: (i) => `${v2}?limit=25&${w(`(Title,like,Item ${1000 + i}5)`)}`,
    },
    {
      name: 'deep page at N/2, first visit of each offset',
      // Pages of the table's second half, each new until they wrap (a long mixed load would otherwise walk past
      // the last row and time empty pages).
      path: (i) =>
        `${v2}?limit=25&offset=${Math.floor(n / 2) + 25 * ((i + 1) % Math.max(1, Math.floor(n / 50)))}`,
    },
    {
      name: 'filtered count',
      path: (i) => `${v2}/count?${w(`(Status,eq,${status(i)})~and(Price,gt,${(i % 9000) / 100})`)}`,
    },
    {
      name: 'group-by with counts per group',
      path: (i) => `${v1}/groupby?column_name=Status&${w(`(Qty,lt,${50 + (i % 400)})`)}`,
    },
    {
      name: 'page with 2 lookups, a rollup and a formula',
      path: (i) => `${v2}?limit=25&offset=${(i * 25) % 475}&fields=${computed}`,
    },
  ];
}

export interface ShapeFigures {
  lines: string[];
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`.padStart(11);

/** Runs the shapes suite against one started server (any database). */
export async function shapesBench(
  server: ServerProcess,
  n: number,
  label: string,
  /** The PostgreSQL database the server uses, when it runs on this machine: its CPU per request is printed. */
  pgDatabase?: string,
): Promise<ShapeFigures> {
  const signup = await fetch(`${server.url}/api/v1/auth/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-shapes@example.com', password: 'Password123!' }),
  });
  const { token } = (await signup.json()) as { token: string };
  const api = { url: server.url, token };
  const lines: string[] = [];
  const fixture = await setUp(api, server, n);
  lines.push(`${label}, ${n.toLocaleString('en')} rows`);
  lines.push(
    `${'  bulk insert through the API'.padEnd(52)} ${Math.round(fixture.insertRate).toLocaleString('en')} rows/s (server CPU ${fixture.insertCpuUs.toFixed(1)} µs/row)`,
  );
  await server.indexesSettled();
  const get = leanGet(api.url, api.token);
  const runs = n >= 1_000_000 ? 60 : 200;
  // The floor under every warm figure: a request that reads nothing, through the same client, so runs on
  // machines of different speed (or days of different load) can be compared.
  for (let i = 0; i < 50; i++) await get(`/api/v1/version?i=${i}`);
  const floor: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await get(`/api/v1/version?i=${i}`);
    floor.push(performance.now() - t);
  }
  lines.push(`${'  HTTP floor: GET /api/v1/version, p50'.padEnd(52)} ${median(floor).toFixed(2)} ms`);
  lines.push(
    `  ${'shape'.padEnd(50)} ${'cold'.padStart(11)} ${'index build'.padStart(11)} ${'warm p50'.padStart(11)} ${'warm p95'.padStart(11)} ${'CPU/request'.padStart(11)}${pgDatabase ? ' DB CPU/req.'.padStart(12) : ''}`,
  );
  const shapes = shapesOf(fixture, n);
  for (const shape of shapes) {
    let t = performance.now();
    await get(shape.path(0));
    const cold = performance.now() - t;
    t = performance.now();
    await server.indexesSettled();
    const build = performance.now() - t;
    for (let i = 1; i <= 10; i++) await get(shape.path(i));
    const ms: number[] = [];
    const cpuBefore = await server.cpuMs();
    const dbCpuBefore = pgDatabase ? pgBackendCpu(pgDatabase) : undefined;
    for (let i = 11; i < 11 + runs; i++) {
      t = performance.now();
      await get(shape.path(i));
      ms.push(performance.now() - t);
    }
    // On a shared machine wall time says little; the server's own CPU time per request is steadier.
    const cpu = ((await server.cpuMs()) - cpuBefore) / runs;
    const dbCpu = backendCpuSince(dbCpuBefore, pgDatabase ? pgBackendCpu(pgDatabase) : undefined);
    const dbColumn = dbCpu !== undefined ? ` ${fmt(dbCpu / runs)}` : '';
    lines.push(
      `  ${shape.name.padEnd(50)} ${fmt(cold)} ${fmt(build)} ${fmt(median(ms))} ${fmt(percentile(ms, 95))} ${fmt(cpu)}${dbColumn}`,
    );
  }
  let k = 1000;
  const loadCpu = await server.cpuMs();
  const loadMainCpu = await server.mainCpuMs();
  const loadPoolReads = await server.poolReads();
  const loadPgCpu = pgDatabase ? pgBackendCpu(pgDatabase) : undefined;
  const result = await autocannon({
    url: api.url,
    connections: 20,
    duration: n >= 1_000_000 ? 15 : 10,
    headers: { 'xc-auth': api.token },
    requests: [
      {
        setupRequest: (req) => {
          const i = k++;
          return { ...req, path: shapes[i % shapes.length]!.path(i) };
        },
      },
    ],
  });
  if (result.non2xx) throw new Error(`mixed load: ${result.non2xx} non-2xx answers`);
  lines.push(
    `${'  mixed load of all shapes, 20 concurrent clients'.padEnd(52)} ${Math.round(result.requests.average).toLocaleString('en')} requests/s (latency p50 ${result.latency.p50} ms)`,
  );
  lines.push(
    `${'  same, server CPU per request'.padEnd(52)} ${(((await server.cpuMs()) - loadCpu) / result.requests.total).toFixed(2)} ms`,
  );
  const mainCpu = await server.mainCpuMs();
  if (mainCpu !== undefined && loadMainCpu !== undefined) {
    lines.push(
      `${'  same, event-loop thread CPU per request'.padEnd(52)} ${((mainCpu - loadMainCpu) / result.requests.total).toFixed(2)} ms`,
    );
  }
  const pgCpu = backendCpuSince(loadPgCpu, pgDatabase ? pgBackendCpu(pgDatabase) : undefined);
  if (pgCpu !== undefined) {
    lines.push(
      `${'  same, PostgreSQL backends CPU per request'.padEnd(52)} ${(pgCpu / result.requests.total).toFixed(2)} ms`,
    );
  }
  const poolReads = (await server.poolReads()) - loadPoolReads;
  if (poolReads)
    lines.push(`${'  reads answered by SQLite reader threads'.padEnd(52)} ${poolReads.toLocaleString('en')}`);
  lines.push(`${'  server RSS'.padEnd(52)} ${Math.round((await server.rss()) / 1024 / 1024)} MB`);
  // The first bulk insert ran into a bare table; now its automatic indexes and (SQLite) count tables
  // exist and every inserted row pays for them. Rows of the same shapes, so no new combinations.
  const more = Math.min(n, 100_000);
  const insertCpu = await server.cpuMs();
  const insertPgCpu = pgDatabase ? pgBackendCpu(pgDatabase) : undefined;
  const rate = await seed(api, fixture.baseId, fixture.itemsId, more);
  const cpuPerRow = (((await server.cpuMs()) - insertCpu) * 1000) / more;
  const insertDbCpu = backendCpuSince(insertPgCpu, pgDatabase ? pgBackendCpu(pgDatabase) : undefined);
  const dbPerRow =
    insertDbCpu === undefined ? '' : `, backends ${((insertDbCpu * 1000) / more).toFixed(1)} µs/row`;
  lines.push(
    `${`  bulk insert after the shapes ran (${more.toLocaleString('en')} rows)`.padEnd(52)} ${Math.round(rate).toLocaleString('en')} rows/s (server CPU ${cpuPerRow.toFixed(1)} µs/row${dbPerRow})`,
  );
  get.close();
  return { lines };
}
