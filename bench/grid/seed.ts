/**
 * Seeds a benchmark table (grid, views and dashboards benches): the base, table and fields are created through
 * the API (so metadata is real), then N rows are inserted straight into the database (the embedded SQLite file
 * with better-sqlite3, or PostgreSQL with generate_series), which is what makes a million rows take seconds
 * instead of minutes.
 */
import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import path from 'node:path';

export interface Api {
  url: string;
  token: string;
}

export async function call<T = any>(api: Api, method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(api.url + p, {
    method,
    headers: { 'xc-auth': api.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${p} -> ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function signUp(url: string): Promise<Api> {
  const res = await fetch(`${url}/api/v1/auth/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'grid-bench@example.com', password: 'Secret-pass-1' }),
  });
  const { token } = (await res.json()) as { token: string };
  return { url, token };
}

const STATUSES = ['open', 'closed', 'pending', 'archived'];

export interface BenchTable {
  baseId: string;
  tableId: string;
  viewId: string;
}

/**
 * Where the rows go: the embedded SQLite file of the app's data directory (a string), or the PostgreSQL
 * database the app uses as its default source (a knex connection to it).
 */
export type SeedTarget = string | { pg: Knex };

/** The fields of a bench table, in insert order after Title, with the value of row `i` of each. */
const FIELDS = [
  { column_name: 'name', title: 'Name', uidt: 'SingleLineText' },
  { column_name: 'qty', title: 'Qty', uidt: 'Number' },
  { column_name: 'price', title: 'Price', uidt: 'Currency' },
  {
    column_name: 'status',
    title: 'Status',
    uidt: 'SingleSelect',
    colOptions: { options: STATUSES.map((t) => ({ title: t })) },
  },
  { column_name: 'done', title: 'Done', uidt: 'Checkbox' },
  { column_name: 'day', title: 'Day', uidt: 'Date' },
  { column_name: 'stars', title: 'Stars', uidt: 'Rating' },
  { column_name: 'email', title: 'Email', uidt: 'Email' },
  { column_name: 'notes', title: 'Notes', uidt: 'LongText' },
];

const NOTE = 'A longer note for row %, with enough text to be truncated in its cell';

/** Row `i`'s values, in the order Title, then FIELDS. */
function valuesOf(i: number): unknown[] {
  return [
    `Item ${i}`,
    `name-${(i * 7919) % 100_003}`,
    i % 500,
    ((i * 37) % 10_000) / 100,
    STATUSES[i % 4],
    i % 3 === 0 ? 1 : 0,
    `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    i % 6,
    `user${i}@example.com`,
    i % 10 === 0 ? NOTE.replace('%', String(i)) : null,
  ];
}

/** The same values as valuesOf, as PostgreSQL expressions of the series value `i`. */
const PG_VALUES = [
  `'Item ' || i`,
  `'name-' || ((i * 7919) % 100003)`,
  `i % 500`,
  `((i * 37) % 10000) / 100.0`,
  `(array[${STATUSES.map((s) => `'${s}'`).join(', ')}])[i % 4 + 1]`,
  `i % 3 = 0`,
  `make_date(2024, (i % 12 + 1)::int, (i % 28 + 1)::int)`,
  `i % 6`,
  `'user' || i || '@example.com'`,
  `case when i % 10 = 0 then '${NOTE.replace('%', "' || i || '")}' end`,
];

/**
 * Creates the table (text, numbers, currency, select, checkbox, date, rating, email, long text) through the API
 * and inserts `rows` rows straight into its database: with better-sqlite3 into the embedded SQLite file, or
 * in one `INSERT … SELECT` over generate_series into PostgreSQL.
 */
export async function seedTable(
  api: Api,
  target: SeedTarget,
  title: string,
  rows: number,
): Promise<BenchTable> {
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: `Bench ${title}` });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    table_name: title.toLowerCase(),
    title,
    columns: FIELDS,
  });
  const meta = await call(api, 'GET', `/api/v1/db/meta/tables/${table.id}`);
  const views = await call(api, 'GET', `/api/v1/db/meta/tables/${table.id}/views`);
  const byTitle = new Map<string, string>(meta.columns.map((c: any) => [c.title, c.column_name]));
  const cols = ['Title', ...FIELDS.map((f) => f.title)].map((t) => byTitle.get(t)!);
  // Rows appended through the API get the next row order; so do these.
  const ordered = meta.columns.some((c: any) => c.column_name === 'nc_order');
  if (ordered) cols.push('nc_order');
  const list = cols.map((c) => `"${c}"`).join(', ');
  if (typeof target === 'string') insertSqlite(target, meta.table_name, list, cols.length, ordered, rows);
  else {
    await target.pg.raw(
      `insert into "${meta.table_name}" (${list})
       select ${[...PG_VALUES, ...(ordered ? ['i + 1'] : [])].join(', ')}
       from generate_series(0::bigint, ${Number(rows) - 1}) as i`,
    );
    await target.pg.raw(`analyze "${meta.table_name}"`);
  }
  return { baseId: base.id, tableId: table.id, viewId: views.list[0].id };
}

function insertSqlite(
  dataDir: string,
  table: string,
  list: string,
  n: number,
  ordered: boolean,
  rows: number,
) {
  const db = new Database(path.join(dataDir, 'rowbase.db'));
  db.pragma('journal_mode = WAL');
  const insert = db.prepare(`INSERT INTO "${table}" (${list}) VALUES (${Array(n).fill('?').join(', ')})`);
  const insertMany = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) insert.run(...valuesOf(i), ...(ordered ? [i + 1] : []));
  });
  for (let from = 0; from < rows; from += 50_000) insertMany(from, Math.min(rows, from + 50_000));
  db.close();
}
