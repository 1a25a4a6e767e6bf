/**
 * Saving a SQL page query as a database view: the view is created and read in as a read-only table whose
 * rows the records API lists and never writes; a query that reaches the meta store or another base, or
 * a write, is refused and leaves no view behind; editors get 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBaseUser, randomEmail, signIn, userIdOf } from './auth-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';
import { dropLogins, quote } from './sql-fixtures.js';

describe.each(testDatabases())('SQL views on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let baseId: string;
  let sourceId: string;
  let items: string;
  let itemsId: string;
  let secret: string;
  let editor: string;
  let otherBaseId: string;

  const createView = (body: Record<string, unknown>, token = owner.token) =>
    server.api.post(`/api/v1/db/meta/projects/${baseId}/bases/${sourceId}/sqlView`, body, { token });
  const tableTitles = async () =>
    (await server.api.get(`/api/v1/db/meta/projects/${baseId}/tables`, { token: owner.token })).body.list.map(
      (t: { title: string }) => t.title,
    );
  /** Every view in the database, whatever its name: a refused request must leave none behind. */
  const viewCount = async () => {
    const db = server.ctx.db;
    if (kind === 'sqlite')
      return (await db.raw(`select count(*) as n from sqlite_master where type = 'view'`))[0].n as number;
    if (kind === 'pg')
      return Number(
        (await db.raw(`select count(*) as n from information_schema.views where table_schema = 'public'`))
          .rows[0].n,
      );
    return Number(
      (
        await db.raw(`select count(*) as n from information_schema.views where table_schema = database()`)
      )[0][0].n,
    );
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signedInOwner(server);
    const base = await createBase(server, owner, 'Shop');
    baseId = base.id;
    const t = await createTable(server, owner, baseId, { title: 'Items' });
    sourceId = (t as unknown as { source_id: string }).source_id;
    items = quote(kind, t.table_name);
    itemsId = t.id;
    const rows = Array.from({ length: 5 }, (_, i) => ({ Title: `item ${i + 1}` }));
    const ins = await server.api.post(`/api/v2/tables/${t.id}/records`, rows, { token: owner.token });
    expect(ins.status, JSON.stringify(ins.body)).toBe(200);
    const other = await createBase(server, owner, 'Other');
    otherBaseId = other.id;
    secret = quote(kind, (await createTable(server, owner, other.id, { title: 'Secret' })).table_name);
    const ed = await signUpUser(server.api, randomEmail('editor'));
    await addBaseUser(server, baseId, await userIdOf(server, ed.token), 'editor');
    editor = (await signIn(server, ed.email)).token;
  });

  afterAll(async () => {
    await server?.close();
    await dropLogins(kind, [baseId, otherBaseId], server?.ctx.config.db.connection);
  });

  it('creates a view from a query, lists it as a table of type view and lists its rows', async () => {
    const res = await createView({
      title: 'Late items',
      // A `?` in the text must stay text, not become a binding.
      view_definition: `-- the last three\nSELECT title, '?' AS mark FROM ${items} WHERE id > 2;`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.type).toBe('view');
    expect(res.body.title).toBe('Late items');
    expect(res.body.columns.map((c: { column_name: string }) => c.column_name)).toEqual(['title', 'mark']);
    expect(await tableTitles()).toContain('Late items');

    const list = await server.api.get(`/api/v2/tables/${res.body.id}/records`, { token: owner.token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.list.map((r: Record<string, unknown>) => [r.title, r.mark])).toEqual([
      ['item 3', '?'],
      ['item 4', '?'],
      ['item 5', '?'],
    ]);

    // Its rows are read only, even where the database would write through a simple view.
    const write = await server.api.post(`/api/v2/tables/${res.body.id}/records`, [{ title: 'x' }], {
      token: owner.token,
    });
    expect(write.status).toBe(400);
    expect(write.body.msg).toBe(`Table 'Late items' is a database view: its rows cannot be changed`);
    const all = await server.api.get(`/api/v2/tables/${itemsId}/records`, { token: owner.token });
    expect(all.body.pageInfo.totalRows).toBe(5);

    const before = await viewCount();
    const del = await server.api.delete(`/api/v1/db/meta/tables/${res.body.id}`, undefined, {
      token: owner.token,
    });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(await viewCount()).toBe(before - 1);
    expect(await tableTitles()).not.toContain('Late items');
  });

  it('refuses a query reading the meta store or another base, and creates no view', async () => {
    const before = await viewCount();
    for (const sql of [
      `SELECT * FROM rb_users`,
      `SELECT title FROM ${items} UNION SELECT email FROM rb_users`,
      `SELECT * FROM ${secret}`,
      `SELECT * FROM ${items} WHERE 1 = 0 AND id IN (SELECT id FROM ${secret})`,
    ]) {
      const res = await createView({ title: 'Leak', view_definition: sql });
      expect(res.status, `${sql} -> ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await viewCount()).toBe(before);
    expect(await tableTitles()).not.toContain('Leak');
  });

  it('refuses a write statement and a second statement', async () => {
    const before = await viewCount();
    for (const sql of [
      `DELETE FROM ${items}`,
      `SELECT 1; DROP TABLE ${items}`,
      `WITH x AS (SELECT 1) DELETE FROM ${items}`,
    ]) {
      const res = await createView({ title: 'Write', view_definition: sql });
      expect(res.status, `${sql} -> ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.msg).toMatch(/^sql: /);
    }
    expect(await viewCount()).toBe(before);
  });

  it('refuses a duplicate title and a missing definition, naming the field', async () => {
    const dup = await createView({ title: 'Items', view_definition: `SELECT 1 AS one` });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe(`Duplicate table alias 'Items'`);
    const missing = await createView({ title: 'Empty' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('view_definition');
  });

  it('refuses editors with 403', async () => {
    const before = await viewCount();
    const res = await createView(
      { title: 'Editor view', view_definition: `SELECT title FROM ${items}` },
      editor,
    );
    expect(res.status).toBe(403);
    expect(await viewCount()).toBe(before);
  });
});
