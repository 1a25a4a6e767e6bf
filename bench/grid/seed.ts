/**
 * Seeds a grid benchmark table: the base, table and fields are created through the API (so metadata is real),
 * then N rows are inserted straight into the embedded SQLite file with better-sqlite3, which is what makes a
 * million rows take seconds instead of minutes.
 */
import Database from 'better-sqlite3';
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

/** Creates the table (text, numbers, currency, select, checkbox, date, rating, email) and inserts `rows` rows. */
export async function seedTable(api: Api, dataDir: string, title: string, rows: number): Promise<BenchTable> {
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: `Bench ${title}` });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    table_name: title.toLowerCase(),
    title,
    columns: [
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
    ],
  });
  const meta = await call(api, 'GET', `/api/v1/db/meta/tables/${table.id}`);
  const views = await call(api, 'GET', `/api/v1/db/meta/tables/${table.id}/views`);
  const byTitle = new Map<string, string>(meta.columns.map((c: any) => [c.title, c.column_name]));
  const db = new Database(path.join(dataDir, 'rowbase.db'));
  db.pragma('journal_mode = WAL');
  const cols = ['Title', 'Name', 'Qty', 'Price', 'Status', 'Done', 'Day', 'Stars', 'Email', 'Notes'].map(
    (t) => byTitle.get(t)!,
  );
  // Rows appended through the API get the next row order; so do these.
  const ordered = meta.columns.some((c: any) => c.column_name === 'nc_order');
  if (ordered) cols.push('nc_order');
  const insert = db.prepare(
    `INSERT INTO "${meta.table_name}" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
  );
  const insertMany = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++)
      insert.run(
        `Item ${i}`,
        `name-${(i * 7919) % 100_003}`,
        i % 500,
        ((i * 37) % 10_000) / 100,
        STATUSES[i % 4],
        i % 3 === 0 ? 1 : 0,
        `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
        i % 6,
        `user${i}@example.com`,
        i % 10 === 0 ? `A longer note for row ${i}, with enough text to be truncated in its cell` : null,
        ...(ordered ? [i + 1] : []),
      );
  });
  for (let from = 0; from < rows; from += 50_000) insertMany(from, Math.min(rows, from + 50_000));
  db.close();
  return { baseId: base.id, tableId: table.id, viewId: views.list[0].id };
}
