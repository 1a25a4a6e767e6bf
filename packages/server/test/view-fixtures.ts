/**
 * Test factories for the view suites: a base (made by the super admin through the meta API) owned by a
 * signed-up user, with one table of the given fields beside the default ones (Id, Title, CreatedAt,
 * UpdatedAt) and its default grid view; rows go in through the row API.
 */
import { optionsKindOf } from '@rowbase/core/fields/col-options';
import type { UIType } from '@rowbase/core/fields/ui-types';
import { expect } from 'vitest';
import { signUpUser, type TestServer } from './harness.js';

export interface SeededTable {
  token: string;
  userId: string;
  baseId: string;
  sourceId: string;
  tableId: string;
  defaultViewId: string;
  /** Field ids by title. */
  col: Record<string, string>;
}

const admins = new WeakMap<TestServer, Promise<string>>();

/** The super admin of the server: the first user to sign up (call before any other sign-up). */
export function adminToken(server: TestServer): Promise<string> {
  let t = admins.get(server);
  if (!t) {
    t = signUpUser(server.api).then((u) => u.token);
    admins.set(server, t);
  }
  return t;
}

const SELECT_OPTIONS = { options: [{ title: 'a' }, { title: 'b' }] };

export async function seedTable(
  server: TestServer,
  fields: { title: string; uidt: UIType }[],
  owner?: { token: string },
): Promise<SeededTable> {
  const { api } = server;
  const admin = await adminToken(server);
  const token = owner?.token ?? (await signUpUser(api)).token;
  const userId = (await api.get('/api/v1/auth/user/me', { token })).body.id as string;
  const base = await api.post('/api/v1/db/meta/projects', { title: `Base ${Date.now()}` }, { token: admin });
  expect(base.status, JSON.stringify(base.body)).toBe(200);
  if (userId !== (await api.get('/api/v1/auth/user/me', { token: admin })).body.id) {
    await server.ctx.bases.setRole(base.body.id, userId, 'owner', null);
  }
  const columns = fields.map((f) => ({
    column_name: columnNameOf(f.title),
    title: f.title,
    uidt: f.uidt,
    ...(optionsKindOf(f.uidt) === 'select' ? { colOptions: SELECT_OPTIONS } : {}),
  }));
  const table = await api.post(
    `/api/v1/db/meta/projects/${base.body.id}/tables`,
    { table_name: 'things', title: 'Things', columns },
    { token },
  );
  expect(table.status, JSON.stringify(table.body)).toBe(200);
  const col: Record<string, string> = {};
  for (const c of table.body.columns as { id: string; title: string }[]) col[c.title] = c.id;
  return {
    token,
    userId,
    baseId: base.body.id,
    sourceId: table.body.source_id,
    tableId: table.body.id,
    defaultViewId: table.body.views[0].id,
    col,
  };
}

/** Adds a user to the base with a role; returns their token. */
export async function addBaseUser(server: TestServer, baseId: string, role: string): Promise<string> {
  const u = await signUpUser(server.api);
  const me = await server.api.get('/api/v1/auth/user/me', { token: u.token });
  const now = Date.now();
  await server.ctx
    .db('rb_base_users')
    .insert({ base_id: baseId, user_id: me.body.id, roles: role, created_at: now, updated_at: now });
  return u.token;
}

/** Adds a field to the table through the meta API. */
export async function addField(
  server: TestServer,
  t: SeededTable,
  title: string,
  uidt: UIType,
): Promise<string> {
  const res = await server.api.post(
    `/api/v1/db/meta/tables/${t.tableId}/columns`,
    { column_name: columnNameOf(title), title, uidt },
    { token: t.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = (res.body.columns as { id: string; title: string }[]).find((c) => c.title === title)!.id;
  t.col[title] = id;
  return id;
}

const columnNameOf = (title: string) => title.toLowerCase().replace(/\W+/g, '_');

/** Inserts rows (keys are field titles) through the row API; returns their ids. */
export async function insertRows(
  server: TestServer,
  t: SeededTable,
  rows: Record<string, unknown>[],
): Promise<number[]> {
  const res = await server.api.post(`/api/v2/tables/${t.tableId}/records`, rows, { token: t.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { Id: number }[]).map((r) => Number(r.Id));
}
