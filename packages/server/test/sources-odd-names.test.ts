/**
 * An external database keeps its own names, `?` included (docs/behaviour/validation.md, "Names"): on PostgreSQL
 * knex numbers every unescaped `?` as a bound value, so a quoted `why?` must come out escaped.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetaDbClient } from '../src/config.js';
import { externalDatabase, type ExternalDatabase } from './external-db-fixtures.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { createBase, signedInOwner, type Owner } from './meta-factories.js';

/** Builds `asks?` (id, `why?`, n) with two rows; on PostgreSQL in SQL of its own, `\?` being knex's literal `?`. */
async function buildAsks(kind: MetaDbClient, knex: Knex) {
  if (kind === 'pg') {
    await knex.raw('create table "asks\\?" (id serial primary key, "why\\?" varchar(100), n integer)');
    await knex.raw(`insert into "asks\\?" ("why\\?", n) values ('because', 1), ('why not', 2)`);
    return;
  }
  await knex.schema.createTable('asks?', (t) => {
    t.increments('id');
    t.string('why?', 100);
    t.integer('n');
  });
  await knex('asks?').insert([
    { 'why?': 'because', n: 1 },
    { 'why?': 'why not', n: 2 },
  ]);
}

/** The rows as the external database holds them, read without knex's numbering of `?`. */
async function storedAsks(kind: MetaDbClient, knex: Knex) {
  const sql =
    kind === 'mysql'
      ? 'select id, `why?` as why, n from `asks?` order by id'
      : 'select id, "why\\?" as why, n from "asks\\?" order by id';
  const res = await knex.raw(kind === 'sqlite' ? sql.replace(/\\\?/g, '?') : sql);
  const rows = kind === 'pg' ? res.rows : kind === 'mysql' ? res[0] : res;
  return rows.map((r: { id: number; why: string; n: number }) => [Number(r.id), r.why, Number(r.n)]);
}

describe.each(testDatabases())('an external table and column named with ? on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let ext: ExternalDatabase;
  let rowsPath: string;
  const get = async (q: string) => {
    const res = await server.api.get(`${rowsPath}${q}`, { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signedInOwner(server);
    ext = await externalDatabase(kind, (knex) => buildAsks(kind, knex));
    const base = await createBase(server, owner);
    const source = await server.api.post(
      `/api/v1/db/meta/projects/${base.id}/bases/`,
      { alias: 'Asks', config: ext.config },
      { token: owner.token },
    );
    expect(source.status, JSON.stringify(source.body)).toBe(200);
    const tables = (
      await server.api.get(`/api/v1/db/meta/projects/${base.id}/${source.body.id}/tables`, {
        token: owner.token,
      })
    ).body.list;
    rowsPath = `/api/v1/db/data/noco/${base.id}/${tables.find((t: any) => t.table_name === 'asks?').id}`;
  });
  afterAll(async () => {
    await server?.close();
    await ext?.drop();
  });

  it('reads, sorts, filters, searches, counts and groups on the column', async () => {
    expect((await get('?sort=-why%3F')).list).toEqual([
      { id: 2, 'why?': 'why not', n: 2 },
      { id: 1, 'why?': 'because', n: 1 },
    ]);
    const eq = await get(`?where=${encodeURIComponent('(why?,eq,because)')}`);
    expect(eq.list).toEqual([{ id: 1, 'why?': 'because', n: 1 }]);
    expect(eq.pageInfo.totalRows).toBe(1);
    expect(
      (await get(`?where=${encodeURIComponent('(why?,like,y no)')}`)).list.map((r: any) => r.id),
    ).toEqual([2]);
    expect(await get(`/count?where=${encodeURIComponent('(why?,like,caus)')}`)).toEqual({ count: 1 });
    const groups = (await get('/groupby?column_name=why%3F&sort=why%3F')).list;
    expect(groups).toEqual([
      { 'why?': 'because', count: 1 },
      { 'why?': 'why not', count: 1 },
    ]);
  });

  it('inserts, updates and deletes rows, and the external database holds the result', async () => {
    const ins = await server.api.post(rowsPath, { 'why?': 'ok?', n: 3 }, { token: owner.token });
    expect(ins.status, JSON.stringify(ins.body)).toBe(200);
    expect(ins.body).toEqual({ id: 3, 'why?': 'ok?', n: 3 });
    const upd = await server.api.patch(`${rowsPath}/1`, { 'why?': 'changed?' }, { token: owner.token });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const del = await server.api.delete(`${rowsPath}/2`, undefined, { token: owner.token });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(await storedAsks(kind, ext.knex)).toEqual([
      [1, 'changed?', 1],
      [3, 'ok?', 3],
    ]);
  });
});
