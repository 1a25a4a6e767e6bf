/**
 * The SQL page's guards over real databases: reads work, writes are refused, the meta store and another
 * base are out of reach however the statement is dressed up, only owners and creators may use it,
 * and the timeout and row cap hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBaseUser, randomEmail, signIn, userIdOf } from './auth-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';
import { dropLogins, quote, unquote } from './sql-fixtures.js';

const TIMEOUT_MS = 1500;
const ROW_CAP = 50;

describe.each(testDatabases())('SQL page on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let baseId: string;
  let items: string;
  let secret: string;
  let editor: string;
  let otherBaseId: string;

  const run = (sql: string, token = owner.token, base = baseId) =>
    server.api.post(`/api/v2/meta/bases/${base}/sql`, { sql }, { token });
  const itemCount = async () => Number((await server.ctx.db(unquote(items)).count({ n: '*' }))[0]!.n);

  beforeAll(async () => {
    server = await startTestServer(kind, {
      NC_SQL_TIMEOUT_MS: String(TIMEOUT_MS),
      NC_SQL_ROW_CAP: String(ROW_CAP),
    });
    owner = await signedInOwner(server);
    const base = await createBase(server, owner, 'Shop');
    baseId = base.id;
    const t = await createTable(server, owner, baseId, { title: 'Items' });
    items = quote(kind, t.table_name);
    const rows = Array.from({ length: 60 }, (_, i) => ({ Title: `item ${i + 1}` }));
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

  it('runs a SELECT on the base own table and returns columns and rows', async () => {
    const res = await run(`SELECT title FROM ${items} ORDER BY id LIMIT 3`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.columns).toEqual([{ name: 'title' }]);
    expect(res.body.rows).toEqual([['item 1'], ['item 2'], ['item 3']]);
    expect(res.body.truncated).toBe(false);
  });

  it('accepts WITH, leading comments and a trailing semicolon', async () => {
    const res = await run(
      `-- count\n/* all */ WITH x AS (SELECT id FROM ${items}) SELECT count(*) AS n FROM x;`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Number(res.body.rows[0][0])).toBe(60);
  });

  it('caps the rows and says so', async () => {
    const res = await run(`SELECT id FROM ${items}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows).toHaveLength(ROW_CAP);
    expect(res.body.truncated).toBe(true);
    expect(res.body.rowCap).toBe(ROW_CAP);
  });

  it('stops a statement that runs past the timeout', async () => {
    const t0 = Date.now();
    const res = await run(
      `SELECT count(*) FROM ${items} a, ${items} b, ${items} c, ${items} d, ${items} e, ${items} f`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.msg).toBe(`sql: the statement ran longer than ${TIMEOUT_MS} ms and was stopped`);
    expect(Date.now() - t0).toBeLessThan(TIMEOUT_MS + 8000);
    // The server still answers afterwards.
    expect((await run(`SELECT 1 AS one`)).status).toBe(200);
  });

  const writes = () => [
    `INSERT INTO ${items} (title) VALUES ('x')`,
    `UPDATE ${items} SET title = 'x'`,
    `DELETE FROM ${items}`,
    `DROP TABLE ${items}`,
    `CREATE TABLE evil (a int)`,
    `SELECT 1; DELETE FROM ${items}`,
    `SELECT 1 /* hide */; DELETE FROM ${items}`,
    `SELECT 1 -- hide\n; DELETE FROM ${items}`,
    `/* SELECT */ DELETE FROM ${items}`,
    `WITH gone AS (DELETE FROM ${items} RETURNING *) SELECT * FROM gone`,
    `WITH x AS (SELECT 1) DELETE FROM ${items}`,
  ];

  it('refuses every write, however it is written, and the table is untouched', async () => {
    for (const sql of writes()) {
      const res = await run(sql);
      expect(res.status, `${sql} -> ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.msg).toMatch(/^sql: /);
    }
    expect(await itemCount()).toBe(60);
  });

  const metaReads = (): string[] => {
    const common = [
      `SELECT * FROM rb_users`,
      `SELECT email FROM rb_users UNION SELECT title FROM ${items}`,
      `WITH u AS (SELECT * FROM rb_users) SELECT * FROM u`,
      `SELECT * FROM ${items} WHERE title IN (SELECT email FROM rb_users)`,
      `SELECT * FROM rb_api_tokens`,
      `SELECT * FROM ${secret}`,
      `SELECT (SELECT count(*) FROM ${secret}) AS n FROM ${items}`,
    ];
    if (kind === 'sqlite') {
      return [
        ...common,
        `SELECT * FROM main.rb_users`,
        `SELECT * FROM sqlite_master`,
        `SELECT sql FROM sqlite_schema`,
        `SELECT * FROM pragma_table_info('rb_users')`,
        `PRAGMA table_info(rb_users)`,
        `ATTACH DATABASE '${server.ctx.config.db.connection}' AS m`,
        `SELECT 1; ATTACH DATABASE '${server.ctx.config.db.connection}' AS m`,
        `SELECT load_extension('/tmp/nothing')`,
        `SELECT * FROM temp.sqlite_master`,
      ];
    }
    if (kind === 'pg') {
      return [
        ...common,
        `SELECT * FROM public.rb_users`,
        `SELECT * FROM pg_catalog.pg_authid`,
        `SELECT pg_read_file('/etc/passwd')`,
        `SELECT set_config('role', 'postgres', false), query_to_xml('select * from rb_users', true, true, '')`,
        `SELECT query_to_xml('select * from rb_users', true, true, '')`,
        `SELECT * FROM pg_catalog.pg_shadow`,
      ];
    }
    const db = new URL(server.ctx.config.db.connection).pathname.slice(1);
    return [
      ...common,
      `SELECT * FROM \`${db}\`.rb_users`,
      `SELECT * FROM mysql.user`,
      `/*!50000 SELECT * FROM rb_users */`,
      `SELECT 1 /*! UNION SELECT email FROM rb_users */`,
      `SELECT load_file('/etc/passwd')`,
      `SELECT title FROM ${items} INTO OUTFILE '/tmp/rb-sql-page-leak.txt'`,
    ];
  };

  it('never reads the meta store or another base, even through catalogs or qualified names', async () => {
    for (const sql of metaReads()) {
      const res = await run(sql);
      expect(res.status, `${sql} -> ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(JSON.stringify(res.body)).not.toContain(owner.email);
    }
  });

  it('shows only the base own tables in information_schema (pg, mysql)', async () => {
    if (kind === 'sqlite') {
      expect((await run(`SELECT * FROM information_schema.tables`)).status).toBe(400);
      return;
    }
    const res = await run(
      `SELECT table_name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const names = (res.body.rows as string[][]).map((r) => r[0]!);
    expect(names).toContain(unquote(items));
    expect(names.some((n) => n.startsWith('rb_'))).toBe(false);
    expect(names).not.toContain(unquote(secret));
  });

  it('refuses editors (403) and lists the source schema for the owner', async () => {
    const res = await run(`SELECT 1`, editor);
    expect(res.status).toBe(403);
    expect((await server.api.get(`/api/v2/meta/bases/${baseId}/sql/schema`, { token: editor })).status).toBe(
      403,
    );
    const schema = await server.api.get(`/api/v2/meta/bases/${baseId}/sql/schema`, { token: owner.token });
    expect(schema.status).toBe(200);
    const table = schema.body.tables.find((t: { table_name: string }) => t.table_name === unquote(items));
    expect(table.columns.map((c: { column_name: string }) => c.column_name)).toContain('title');
    expect(schema.body.tables.some((t: { table_name: string }) => t.table_name === unquote(secret))).toBe(
      false,
    );
  });

  it('refuses an empty statement and names the field', async () => {
    const res = await run('   ');
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('sql');
  });
});
