/**
 * Computed fields at scale (issue 4): a 100-row page of a 100,000-row Orders table showing 2 link counts,
 * 2 lookups, 1 rollup and 2 formulas, against the same page with stored fields only; a page sorted by a
 * rollup and one filtered on a formula; and the time to add a formula field to the table.
 * Rows go in through the bulk API; the links (foreign keys, junction rows) are written in SQL, since they
 * are set-up, not what is measured.
 */
import type { AppContext } from '../../../packages/server/src/context.js';
import type { Api } from '../rows-bench.js';
import { median, percentile, timeRuns } from '../stats.js';

async function call<T = any>(api: Api, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(api.url + path, {
    method,
    headers: { 'xc-auth': api.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} -> ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function bulk(api: Api, baseId: string, tableId: string, total: number, row: (i: number) => object) {
  for (let done = 0; done < total; done += 2000) {
    const n = Math.min(2000, total - done);
    await call(
      api,
      'POST',
      `/api/v1/db/data/bulk/noco/${baseId}/${tableId}`,
      Array.from({ length: n }, (_, k) => row(done + k)),
    );
  }
}

export interface ComputedFigures {
  lines: string[];
  /** computed page p50 / plain page p50 */
  ratio: number;
}

export async function computedBench(api: Api, ctx: AppContext, orders = 100_000): Promise<ComputedFigures> {
  const customers = Math.max(10, Math.round(orders / 100));
  const tags = 100;
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Computed bench' });
  const mk = (title: string, columns: object[]) =>
    call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, { title, columns });
  const tCustomers = await mk('Customers', [{ title: 'City', uidt: 'SingleLineText' }]);
  const tTags = await mk('Tags', []);
  const tOrders = await mk('Orders', [
    { title: 'Amount', uidt: 'Decimal' },
    { title: 'Qty', uidt: 'Number' },
  ]);
  const tLines = await mk('Lines', [{ title: 'Price', uidt: 'Decimal' }]);
  const col = async (tableId: string, body: object) =>
    (await call(api, 'POST', `/api/v1/db/meta/tables/${tableId}/columns`, body)).column_id as string;
  const fieldId = async (tableId: string, title: string) =>
    (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}`)).columns.find((c: any) => c.title === title)
      .id as string;

  const linesLink = await col(tOrders.id, { title: 'Lines', uidt: 'Links', type: 'hm', childId: tLines.id });
  const tagsLink = await col(tOrders.id, { title: 'Tags', uidt: 'Links', type: 'mm', childId: tTags.id });
  const customerLink = await col(tOrders.id, {
    title: 'Customer',
    uidt: 'LinkToAnotherRecord',
    type: 'bt',
    childId: tCustomers.id,
  });

  await bulk(api, base.id, tCustomers.id, customers, (i) => ({
    Title: `Customer ${i}`,
    City: `City ${i % 50}`,
  }));
  await bulk(api, base.id, tTags.id, tags, (i) => ({ Title: `tag${i}` }));
  await bulk(api, base.id, tOrders.id, orders, (i) => ({
    Title: `Order ${i}`,
    Amount: (i % 1000) / 10,
    Qty: i % 7,
  }));
  await bulk(api, base.id, tLines.id, orders, (i) => ({ Title: `Line ${i}`, Price: (i % 300) / 4 }));

  // Links in SQL: every order has a customer, two lines (half the orders) and two tags.
  const db = ctx.db;
  const meta = async (id: string) => call(api, 'GET', `/api/v1/db/meta/tables/${id}`);
  const ordersMeta = await meta(tOrders.id);
  const linesMeta = await meta(tLines.id);
  const fkOf = (m: any, uidt = 'ForeignKey') =>
    m.columns.find((c: any) => c.uidt === uidt).column_name as string;
  const tagsCol = ordersMeta.columns.find((c: any) => c.id === tagsLink);
  const junction = await call(api, 'GET', `/api/v1/db/meta/tables/${tagsCol.colOptions.fk_mm_model_id}`);
  const [jOrder, jTag] = [
    junction.columns.find((c: any) => c.id === tagsCol.colOptions.fk_mm_child_column_id).column_name,
    junction.columns.find((c: any) => c.id === tagsCol.colOptions.fk_mm_parent_column_id).column_name,
  ];
  await db(ordersMeta.table_name).update({ [fkOf(ordersMeta)]: db.raw(`(id % ${customers}) + 1`) });
  await db(linesMeta.table_name).update({
    [fkOf(linesMeta)]: db.raw(`((id - 1) % ${Math.floor(orders / 2)}) + 1`),
  });
  for (let start = 1; start <= orders; start += 5000) {
    const rows = [];
    for (let id = start; id < Math.min(start + 5000, orders + 1); id++) {
      rows.push({ [jOrder]: id, [jTag]: (id % tags) + 1 }, { [jOrder]: id, [jTag]: ((id + 37) % tags) + 1 });
    }
    await db.batchInsert(junction.table_name, rows, 200);
  }

  await col(tOrders.id, {
    title: 'City',
    uidt: 'Lookup',
    fk_relation_column_id: customerLink,
    fk_lookup_column_id: await fieldId(tCustomers.id, 'City'),
  });
  await col(tOrders.id, {
    title: 'Tag names',
    uidt: 'Lookup',
    fk_relation_column_id: tagsLink,
    fk_lookup_column_id: await fieldId(tTags.id, 'Title'),
  });
  await col(tOrders.id, {
    title: 'Lines total',
    uidt: 'Rollup',
    fk_relation_column_id: linesLink,
    fk_rollup_column_id: await fieldId(tLines.id, 'Price'),
    rollup_function: 'sum',
  });
  await col(tOrders.id, { title: 'Value', uidt: 'Formula', formula_raw: '{Amount} * {Qty}' });
  await col(tOrders.id, { title: 'Label', uidt: 'Formula', formula_raw: "CONCAT({Title}, ' / ', {City})" });

  const records = `/api/v2/tables/${tOrders.id}/records`;
  const stored = 'Id,Title,Amount,Qty';
  const computed = `${stored},Lines,Tags,City,Tag names,Lines total,Value,Label`;
  const get = (p: string) => () =>
    fetch(api.url + p, { headers: { 'xc-auth': api.token } }).then(async (r) => {
      if (r.status !== 200) throw new Error(`${p} -> ${r.status} ${await r.text()}`);
      return r.arrayBuffer();
    });
  // Interleaved, so both pages see the same machine load.
  const plainPage = get(`${records}?limit=100&fields=${stored}`);
  const fullPage = get(`${records}?limit=100&fields=${encodeURIComponent(computed)}`);
  const plain: number[] = [];
  const full: number[] = [];
  for (let i = 0; i < 10; i++) await Promise.all([plainPage(), fullPage()]);
  for (let i = 0; i < 200; i++) {
    plain.push(...(await timeRuns(plainPage, 1, 0)));
    full.push(...(await timeRuns(fullPage, 1, 0)));
  }
  const deep = await timeRuns(
    get(`${records}?limit=100&offset=50000&fields=${encodeURIComponent(computed)}`),
    30,
    3,
  );
  const filtered = await timeRuns(
    get(
      `${records}?limit=100&fields=${encodeURIComponent(computed)}&where=${encodeURIComponent('(Value,gt,500)')}`,
    ),
    30,
    3,
  );
  const sorted = await timeRuns(
    get(`${records}?limit=100&fields=${encodeURIComponent(computed)}&sort=-Lines%20total`),
    10,
    1,
  );
  const started = performance.now();
  await col(tOrders.id, { title: 'Double', uidt: 'Formula', formula_raw: '{Amount} * 2' });
  const addFormula = performance.now() - started;

  const line = (name: string, ms: number[]) =>
    `${name.padEnd(60)} p50 ${median(ms).toFixed(2)} ms   p95 ${percentile(ms, 95).toFixed(2)} ms`;
  const ratio = median(full) / median(plain);
  return {
    ratio,
    lines: [
      `computed fields (${orders.toLocaleString('en')} orders, ${customers} customers, ${orders.toLocaleString('en')} lines, 2 tags per order)`,
      line('100-row page, stored fields only', plain),
      line('100-row page + 2 link counts, 2 lookups, 1 rollup, 2 formulas', full),
      `${'  ratio computed / plain (p50)'.padEnd(60)} ${ratio.toFixed(2)}x`,
      line('same, at offset 50,000', deep),
      line('same, filtered on a formula (Value > 500)', filtered),
      line('same, sorted by the rollup (whole table)', sorted),
      `${'add a Formula field to the 100k-row table'.padEnd(60)} ${addFormula.toFixed(1)} ms`,
    ],
  };
}
