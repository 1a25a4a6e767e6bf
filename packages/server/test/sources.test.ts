import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetaDbClient } from '../src/config.js';
import { externalDatabase, type ExternalDatabase } from './external-db-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { UI_TYPES, VIRTUAL_UI_TYPES } from '@rowbase/core/fields/ui-types';
import { addColumn, createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';

/** An external database of the same kind as the meta one, with two related tables. */
const shop = (kind: MetaDbClient) =>
  externalDatabase(kind, async (knex: Knex) => {
    await knex.schema.createTable('customers', (t) => {
      t.increments('id');
      t.string('name', 100).notNullable();
      t.boolean('vip');
      t.decimal('credit', 12, 2);
    });
    await knex.schema.createTable('orders', (t) => {
      t.increments('id');
      t.date('placed_on');
      t.text('note');
      t.integer('customer_id').unsigned().references('id').inTable('customers');
    });
    await knex.raw('create view ?? as select id, name from ?? where credit > 100', [
      'vip_customers',
      'customers',
    ]);
  });

describe.each(testDatabases())('sources on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let ext: ExternalDatabase;
  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signedInOwner(server);
    ext = await shop(kind);
  });
  afterAll(async () => {
    await server?.close();
    await ext?.drop();
  });

  it('tests connections: ok, failing with the reason, unsupported client', async () => {
    const ok = await server.api.post('/api/v1/db/meta/connection/test', ext.config, { token: owner.token });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const bad = await server.api.post(
      '/api/v1/db/meta/connection/test',
      kind === 'sqlite'
        ? { client: 'sqlite3', connection: {} }
        : { ...ext.config, connection: { ...ext.config.connection, database: 'no_such_db_rb' } },
      { token: owner.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ msg: expect.stringMatching(/\S/), message: bad.body.msg });
    const viewer = await signUpUser(server.api);
    const refused = await server.api.post('/api/v1/db/meta/connection/test', ext.config, {
      token: viewer.token,
    });
    expect(refused.status).toBe(403);
    const unsupported = await server.api.post(
      '/api/v1/db/meta/connection/test',
      { client: 'mongodb', connection: {} },
      { token: owner.token },
    );
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.msg).toBe('Database not supported');
  });

  it('connects an external database: encrypted config, tables, typed fields and FK links', async () => {
    const base = await createBase(server, owner);
    const res = await server.api.post(
      `/api/v1/db/meta/projects/${base.id}/bases/`,
      { alias: 'Shop', config: ext.config },
      { token: owner.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ alias: 'Shop', is_meta: false, status: 1 });
    expect(res.body.config_encrypted).toBeUndefined();
    const row = await server.ctx.db('rb_sources').where({ id: res.body.id }).first();
    expect(row.config_encrypted).toMatch(/^v1\./);
    expect(row.config_encrypted).not.toContain(
      String(ext.config.connection.database ?? ext.config.connection.filename),
    );

    const tables = (
      await server.api.get(`/api/v1/db/meta/projects/${base.id}/${res.body.id}/tables`, {
        token: owner.token,
      })
    ).body.list;
    expect(tables.map((t: any) => `${t.table_name}:${t.type}`).sort()).toEqual([
      'customers:table',
      'orders:table',
      'vip_customers:view',
    ]);
    const customers = (
      await server.api.get(
        `/api/v1/db/meta/tables/${tables.find((t: any) => t.table_name === 'customers').id}`,
        { token: owner.token },
      )
    ).body;
    const uidt = Object.fromEntries(customers.columns.map((c: any) => [c.title, c.uidt]));
    expect(uidt).toMatchObject({
      id: 'ID',
      name: 'SingleLineText',
      vip: 'Checkbox',
      credit: 'Decimal',
      orders: 'Links',
    });
    const orders = (
      await server.api.get(
        `/api/v1/db/meta/tables/${tables.find((t: any) => t.table_name === 'orders').id}`,
        { token: owner.token },
      )
    ).body;
    const ou = Object.fromEntries(orders.columns.map((c: any) => [c.title, c.uidt]));
    expect(ou).toMatchObject({
      placed_on: 'Date',
      note: 'LongText',
      customer_id: 'ForeignKey',
      customers: 'LinkToAnotherRecord',
    });
    expect(customers.columns.find((c: any) => c.uidt === 'Links').colOptions).toMatchObject({
      type: 'hm',
      fk_related_model_id: orders.id,
    });

    const read = await server.api.get(`/api/v1/db/meta/projects/${base.id}/bases/${res.body.id}`, {
      token: owner.token,
    });
    expect(read.status).toBe(200);
    if (kind === 'mysql') expect(read.body.config.connection.password).toBeUndefined();

    // Introspected fields are unaltered (0); turning auto-update on marks them altered 2 (docs/behaviour/fields.md).
    const placed = orders.columns.find((c: any) => c.title === 'placed_on');
    expect(placed.altered).toBe(0);
    const au = await server.api.patch(
      `/api/v1/db/meta/columns/${placed.id}`,
      { uidt: 'Date', au: true },
      { token: owner.token },
    );
    expect(au.status, JSON.stringify(au.body)).toBe(200);
    expect(au.body.columns.find((c: any) => c.id === placed.id)).toMatchObject({ au: true, altered: 2 });

    // The data plane reaches the source through ctx.sources.
    const knex = await server.ctx.sources.connectionFor(res.body.id);
    await ext.knex('customers').insert({ name: 'Ann' });
    expect((await knex('customers').select('name'))[0].name).toBe('Ann');
  });

  it('finds no meta diff in the default source after tables of every field type and links are made', async () => {
    const base = await createBase(server, owner);
    const stored = UI_TYPES.filter((t) => !VIRTUAL_UI_TYPES.includes(t) && !['ID', 'ForeignKey'].includes(t));
    const t = await createTable(server, owner, base.id, {
      title: 'Everything',
      columns: stored.map((uidt) => ({
        title: `f ${uidt}`,
        uidt,
        colOptions: { options: [{ title: 'a' }] },
      })),
    });
    const other = await createTable(server, owner, base.id, { title: 'Other' });
    await addColumn(server, owner, t.id, { title: 'Others', uidt: 'Links', childId: other.id, type: 'hm' });
    await addColumn(server, owner, t.id, { title: 'Many', uidt: 'Links', childId: other.id, type: 'mm' });
    const diff = await server.api.get(`/api/v1/db/meta/projects/${base.id}/meta-diff`, {
      token: owner.token,
    });
    expect(diff.status).toBe(200);
    expect(diff.body).toEqual([]);
    // A table made outside Rowbase with the base prefix shows up, and syncing reads it in.
    await server.ctx.db.schema.createTable(`${base.prefix}_manual`, (tb) => {
      tb.increments('id');
      tb.string('label');
    });
    const after = await server.api.get(`/api/v1/db/meta/projects/${base.id}/meta-diff`, {
      token: owner.token,
    });
    expect(after.body).toEqual([
      expect.objectContaining({
        table_name: `${base.prefix}_manual`,
        detectedChanges: [expect.objectContaining({ type: 'TABLE_NEW' })],
      }),
    ]);
    await server.api.post(`/api/v1/db/meta/projects/${base.id}/meta-diff`, {}, { token: owner.token });
    const tables = (
      await server.api.get(`/api/v1/db/meta/projects/${base.id}/tables`, { token: owner.token })
    ).body.list;
    expect(tables.map((x: any) => x.title)).toContain('manual');
  });

  it('shows and applies meta diff after the external schema changes', async () => {
    const base = await createBase(server, owner);
    const src = (
      await server.api.post(
        `/api/v1/db/meta/projects/${base.id}/bases/`,
        { config: ext.config },
        { token: owner.token },
      )
    ).body;
    await ext.knex.schema.createTable('invoices', (t) => {
      t.increments('id');
      t.string('code', 20);
    });
    await ext.knex.schema.alterTable('customers', (t) => t.string('phone', 30));
    const diff = await server.api.get(`/api/v1/db/meta/projects/${base.id}/meta-diff/${src.id}`, {
      token: owner.token,
    });
    expect(diff.status, JSON.stringify(diff.body)).toBe(200);
    const changes = diff.body.flatMap((e: any) =>
      e.detectedChanges.map((c: any) => `${e.table_name}:${c.type}`),
    );
    expect(changes).toEqual(expect.arrayContaining(['invoices:TABLE_NEW', 'customers:TABLE_COLUMN_ADD']));
    const apply = await server.api.post(
      `/api/v1/db/meta/projects/${base.id}/meta-diff/${src.id}`,
      {},
      { token: owner.token },
    );
    expect(apply.status).toBe(200);
    const again = await server.api.get(`/api/v1/db/meta/projects/${base.id}/meta-diff/${src.id}`, {
      token: owner.token,
    });
    expect(again.body).toEqual([]);
    const tables = (
      await server.api.get(`/api/v1/db/meta/projects/${base.id}/${src.id}/tables`, { token: owner.token })
    ).body.list;
    expect(tables.map((t: any) => t.table_name)).toContain('invoices');
    await ext.knex.schema.dropTable('invoices');
    await ext.knex.raw('alter table ?? drop column ??', ['customers', 'phone']);
  });

  it('creates tables in an external source without the base prefix, and deletes the source', async () => {
    const base = await createBase(server, owner);
    const src = (
      await server.api.post(
        `/api/v1/db/meta/projects/${base.id}/bases/`,
        { config: ext.config },
        { token: owner.token },
      )
    ).body;
    const t = await server.api.post(
      `/api/v1/db/meta/projects/${base.id}/${src.id}/tables`,
      { title: 'Notes' },
      { token: owner.token },
    );
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    expect(t.body.table_name).toBe('Notes');
    expect(await ext.knex.schema.hasTable('Notes')).toBe(true);
    await ext.knex.schema.dropTable('Notes');
    const del = await server.api.delete(`/api/v1/db/meta/projects/${base.id}/bases/${src.id}`, undefined, {
      token: owner.token,
    });
    expect(del.status).toBe(200);
    const list = await server.api.get(`/api/v1/db/meta/projects/${base.id}/bases`, { token: owner.token });
    expect(list.body.list.map((s: any) => s.id)).not.toContain(src.id);
    expect(await ext.knex.schema.hasTable('customers')).toBe(true);
  });
});
