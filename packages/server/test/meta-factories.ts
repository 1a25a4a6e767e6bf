/** Factories for the meta tests: a signed-in owner with a base, a table, a column. */
import { expect } from 'vitest';
import { signUpUser, type TestServer } from './harness.js';

export interface Owner {
  token: string;
  email: string;
}

export async function signedInOwner(server: TestServer): Promise<Owner> {
  const u = await signUpUser(server.api);
  return { token: u.token, email: u.email };
}

export async function createBase(
  server: TestServer,
  owner: Owner,
  title = `Base ${Math.random().toString(36).slice(2, 7)}`,
) {
  const res = await server.api.post('/api/v1/db/meta/projects', { title }, { token: owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    id: string;
    title: string;
    prefix: string;
    sources: { id: string; is_meta: boolean }[];
  };
}

export async function createTable(
  server: TestServer,
  owner: Owner,
  baseId: string,
  body: Record<string, unknown>,
) {
  const res = await server.api.post(`/api/v1/db/meta/projects/${baseId}/tables`, body, {
    token: owner.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; table_name: string; title: string; columns: any[]; views: any[] };
}

export async function addColumn(
  server: TestServer,
  owner: Owner,
  tableId: string,
  body: Record<string, unknown>,
) {
  const res = await server.api.post(`/api/v1/db/meta/tables/${tableId}/columns`, body, {
    token: owner.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; columns: any[]; column_id: string };
}

export const columnByTitle = (table: { columns: any[] }, title: string) => {
  const c = table.columns.find((x) => x.title === title);
  if (!c) throw new Error(`no column ${title} in ${table.columns.map((x) => x.title).join(', ')}`);
  return c;
};
