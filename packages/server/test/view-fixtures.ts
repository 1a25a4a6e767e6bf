/**
 * Test factories for the view suites: a base owned by a signed-up user with one table of the given fields
 * and its default grid view. Until the meta API lands on this branch the rows are written straight into the
 * meta store, as the meta service writes them.
 */
import { randomBytes } from 'node:crypto';
import { fieldType } from '@rowbase/core/fields/registry';
import type { UIType } from '@rowbase/core/fields/ui-types';
import type { Knex } from 'knex';
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

const rid = (p: string) => p + randomBytes(7).toString('hex');

export async function seedTable(
  server: TestServer,
  fields: { title: string; uidt: UIType }[],
  owner?: { token: string },
): Promise<SeededTable> {
  const { api, ctx } = server;
  const token = owner?.token ?? (await signUpUser(api)).token;
  const me = await api.get('/api/v1/auth/user/me', { token });
  const userId = me.body.id as string;
  const now = Date.now();
  const baseId = rid('p');
  const sourceId = rid('b');
  const tableId = rid('m');
  await ctx.db('rb_bases').insert({ id: baseId, title: 'Base ' + baseId, created_at: now, updated_at: now });
  await ctx
    .db('rb_base_users')
    .insert({ base_id: baseId, user_id: userId, roles: 'owner', created_at: now, updated_at: now });
  await ctx.db('rb_sources').insert({
    id: sourceId,
    base_id: baseId,
    type: server.kind === 'sqlite' ? 'sqlite3' : server.kind === 'pg' ? 'pg' : 'mysql2',
    is_meta: true,
    created_at: now,
    updated_at: now,
  });
  await ctx.db('rb_models').insert({
    id: tableId,
    base_id: baseId,
    source_id: sourceId,
    table_name: 'nc_' + tableId,
    title: 'Things',
    created_at: now,
    updated_at: now,
  });
  const col: Record<string, string> = {};
  const all: { title: string; uidt: UIType; pk?: boolean; pv?: boolean; system?: boolean }[] = [
    { title: 'Id', uidt: 'ID', pk: true, system: false },
    ...fields.map((f, i) => ({ ...f, pv: i === 0 })),
  ];
  for (const [i, f] of all.entries()) {
    const id = rid('c');
    col[f.title] = id;
    await ctx.db('rb_columns').insert({
      id,
      fk_model_id: tableId,
      base_id: baseId,
      source_id: sourceId,
      column_name: f.title.toLowerCase().replace(/\W+/g, '_'),
      title: f.title,
      uidt: f.uidt,
      pk: f.pk ?? false,
      pv: f.pv ?? false,
      system: f.system ?? false,
      col_options:
        f.uidt === 'SingleSelect' || f.uidt === 'MultiSelect'
          ? JSON.stringify({ options: [{ title: 'a' }, { title: 'b' }] })
          : null,
      order: i + 1,
      created_at: now,
      updated_at: now,
    });
  }
  await createPhysicalTable(ctx.db, 'nc_' + tableId, all);
  const defaultViewId = rid('vw');
  await ctx.db('rb_views').insert({
    id: defaultViewId,
    fk_model_id: tableId,
    base_id: baseId,
    source_id: sourceId,
    title: 'Things',
    type: 3,
    is_default: true,
    order: 1,
    created_at: now,
    updated_at: now,
  });
  return { token, userId, baseId, sourceId, tableId, defaultViewId, col };
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

/** Adds a field to a table after the fact, as adding a column does. */
export async function addField(
  server: TestServer,
  t: SeededTable,
  title: string,
  uidt: UIType,
): Promise<string> {
  const id = rid('c');
  const now = Date.now();
  await server.ctx.db('rb_columns').insert({
    id,
    fk_model_id: t.tableId,
    base_id: t.baseId,
    source_id: t.sourceId,
    column_name: title.toLowerCase(),
    title,
    uidt,
    order: 100,
    created_at: now,
    updated_at: now,
  });
  if (!fieldType(uidt).virtual) {
    await server.ctx.db.schema.alterTable('nc_' + t.tableId, (tb) => {
      tb.text(title.toLowerCase());
    });
  }
  t.col[title] = id;
  return id;
}

const columnNameOf = (title: string) => title.toLowerCase().replace(/\W+/g, '_');

/** The table in the default source, as the meta service's DDL would create it. */
async function createPhysicalTable(
  db: Knex,
  name: string,
  fields: { title: string; uidt: UIType }[],
): Promise<void> {
  await db.schema.createTable(name, (t) => {
    for (const f of fields) {
      const column = columnNameOf(f.title);
      if (fieldType(f.uidt).virtual) continue;
      switch (f.uidt) {
        case 'ID':
          t.increments(column).primary();
          break;
        case 'Number':
        case 'Rating':
          t.integer(column);
          break;
        case 'Decimal':
        case 'Currency':
        case 'Percent':
          t.decimal(column, 12, 2);
          break;
        case 'Checkbox':
          t.boolean(column);
          break;
        case 'Date':
          t.date(column);
          break;
        case 'DateTime':
          t.datetime(column);
          break;
        default:
          t.text(column);
      }
    }
  });
}

/** Inserts rows given by field title; returns their ids. */
export async function insertRows(
  server: TestServer,
  t: SeededTable,
  rows: Record<string, unknown>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const r of rows) {
    const row: Record<string, unknown> = {};
    for (const [title, v] of Object.entries(r)) {
      row[columnNameOf(title)] = typeof v === 'boolean' && server.kind !== 'pg' ? (v ? 1 : 0) : v;
    }
    const [id] = await server.ctx
      .db('nc_' + t.tableId)
      .insert(row, server.kind === 'mysql' ? undefined : ['id']);
    ids.push(Number(typeof id === 'object' ? (id as { id: unknown }).id : id));
  }
  return ids;
}
