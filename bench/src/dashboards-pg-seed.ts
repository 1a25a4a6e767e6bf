/**
 * The dashboards bench's table in PostgreSQL (DASHBOARD_BENCH_DB=pg): the same fields and values as
 * grid/seed.ts, created through the API and filled in one `INSERT … SELECT` over generate_series.
 */
import type { Knex } from 'knex';
import { call, type Api } from '../grid/seed.js';

const STATUSES = ['open', 'closed', 'pending', 'archived'];

export async function seedPgTable(api: Api, db: Knex, title: string, rows: number) {
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
      { column_name: 'day', title: 'Day', uidt: 'Date' },
      { column_name: 'stars', title: 'Stars', uidt: 'Rating' },
    ],
  });
  const meta = await call(api, 'GET', `/api/v1/db/meta/tables/${table.id}`);
  const views = await call(api, 'GET', `/api/v1/db/meta/tables/${table.id}/views`);
  const name = (t: string) =>
    meta.columns.find((c: { title: string }) => c.title === t).column_name as string;
  const ordered = meta.columns.some((c: { column_name: string }) => c.column_name === 'nc_order');
  const cols = ['Title', 'Name', 'Qty', 'Price', 'Status', 'Day', 'Stars'].map(name);
  await db.raw(
    `insert into "${meta.table_name}" (${[...cols, ...(ordered ? ['nc_order'] : [])].map((c) => `"${c}"`).join(', ')})
     select 'Item ' || i, 'name-' || ((i * 7919) % 100003), i % 500, ((i * 37) % 10000) / 100.0,
       (array['open','closed','pending','archived'])[i % 4 + 1], make_date(2024, (i % 12 + 1)::int, (i % 28 + 1)::int), i % 6
       ${ordered ? ', i + 1' : ''}
     from generate_series(0::bigint, ${Number(rows) - 1}) as i`,
  );
  await db.raw(`analyze "${meta.table_name}"`);
  return { baseId: base.id as string, tableId: table.id as string, viewId: views.list[0].id as string };
}
