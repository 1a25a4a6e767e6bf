/** Factories for the row API tests: a base with a table holding many field types, and row helpers. */
import { expect } from 'vitest';
import type { TestServer } from './harness.js';
import { createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';

/** Fields of the test table, beside the system ones (Id, Title, CreatedAt, UpdatedAt). */
export const PRODUCT_COLUMNS = [
  { column_name: 'notes', title: 'Notes', uidt: 'LongText' },
  { column_name: 'qty', title: 'Qty', uidt: 'Number' },
  { column_name: 'price', title: 'Price', uidt: 'Decimal' },
  { column_name: 'cost', title: 'Cost', uidt: 'Currency' },
  { column_name: 'discount', title: 'Discount', uidt: 'Percent' },
  { column_name: 'stars', title: 'Stars', uidt: 'Rating' },
  { column_name: 'done', title: 'Done', uidt: 'Checkbox' },
  { column_name: 'day', title: 'Day', uidt: 'Date' },
  { column_name: 'at', title: 'At', uidt: 'DateTime' },
  { column_name: 'opens', title: 'Opens', uidt: 'Time' },
  { column_name: 'mail', title: 'Mail', uidt: 'Email' },
  { column_name: 'site', title: 'Site', uidt: 'URL' },
  { column_name: 'phone', title: 'Phone', uidt: 'PhoneNumber' },
  {
    column_name: 'status',
    title: 'Status',
    uidt: 'SingleSelect',
    colOptions: { options: [{ title: 'open' }, { title: 'closed' }] },
  },
  {
    column_name: 'tags',
    title: 'Tags',
    uidt: 'MultiSelect',
    colOptions: { options: [{ title: 'red' }, { title: 'green' }, { title: 'blue' }] },
  },
  { column_name: 'data', title: 'Data', uidt: 'JSON' },
  { column_name: 'files', title: 'Files', uidt: 'Attachment' },
  { column_name: 'made', title: 'Made', uidt: 'Year' },
  { column_name: 'code', title: 'Code', uidt: 'SingleLineText', rqd: true },
];

export interface ProductTable {
  owner: Owner;
  baseId: string;
  tableId: string;
  table: { id: string; title: string; table_name: string; columns: any[] };
  /** `/api/v1/db/data/noco/{baseId}/{tableId}` */
  v1: string;
  /** `/api/v1/db/data/bulk/noco/{baseId}/{tableId}` */
  bulk: string;
  /** `/api/v2/tables/{tableId}/records` */
  v2: string;
}

export async function createProductTable(
  server: TestServer,
  owner?: Owner,
  title = 'Products',
): Promise<ProductTable> {
  const who = owner ?? (await signedInOwner(server));
  const base = await createBase(server, who);
  const table = await createTable(server, who, base.id, {
    table_name: title.toLowerCase(),
    title,
    columns: PRODUCT_COLUMNS,
  });
  return {
    owner: who,
    baseId: base.id,
    tableId: table.id,
    table,
    v1: `/api/v1/db/data/noco/${base.id}/${table.id}`,
    bulk: `/api/v1/db/data/bulk/noco/${base.id}/${table.id}`,
    v2: `/api/v2/tables/${table.id}/records`,
  };
}

/** Inserts rows through v2 and returns their ids. */
export async function insertRows(
  server: TestServer,
  t: ProductTable,
  rows: Record<string, unknown>[],
): Promise<number[]> {
  const res = await server.api.post(t.v2, rows, { token: t.owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { Id: number }[]).map((r) => r.Id);
}

/** The row count as the API sees it. */
export async function countRows(server: TestServer, t: ProductTable): Promise<number> {
  const res = await server.api.get(`${t.v2}/count`, { token: t.owner.token });
  expect(res.status).toBe(200);
  return res.body.count;
}

/** Every row, in id order (for "nothing changed" checks). */
export async function allRows(server: TestServer, t: ProductTable): Promise<Record<string, unknown>[]> {
  const res = await server.api.get(`${t.v2}?limit=1000&sort=Id`, { token: t.owner.token });
  expect(res.status).toBe(200);
  return res.body.list;
}

/** A full valid row; `n` varies the values. */
export function productRow(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Title: `Product ${n}`,
    Code: `P-${n}`,
    Qty: n,
    Price: n * 1.5,
    Done: n % 2 === 0,
    Status: n % 2 === 0 ? 'open' : 'closed',
    ...extra,
  };
}
