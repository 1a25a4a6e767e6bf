/**
 * `like` searches whose pattern holds a run of caseless characters (digits, spaces, punctuation): on
 * PostgreSQL a case-sensitive pre-check runs before ILIKE (docs/performance.md, "Text search"). The answers
 * are ILIKE's on every database, with and without automatic indexes, and on PostgreSQL the pre-check is what
 * a sequential scan tests first. SQLite tests the run with `instr` before its LIKE.
 */
import { parseWhere } from '@rowbase/core/filters/where';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caselessRun } from '../src/data/pg-like.js';
import { RowReader } from '../src/data/row-query.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { createProductTable, insertRows, productRow, type ProductTable } from './rows-fixtures.js';

const NAMES = [
  'Item 10125',
  'ITEM 10125',
  'item 101250',
  'Item 2 10125',
  'Item 1012',
  'Order #10-25 ready',
  'ORDER #10-25',
  'order #1025',
  'a.b@example.com',
  'A.B@EXAMPLE.COM',
  'ab@example.com',
];

describe('caselessRun', () => {
  it('picks the longest run of digits, spaces and punctuation, without wildcards or escapes', () => {
    expect(caselessRun('%Item 10125%')).toBe(' 10125');
    expect(caselessRun('%a.b@example%')).toBeUndefined();
    expect(caselessRun('%#10-25%')).toBe('#10-25');
    expect(caselessRun('%10\\%25%')).toBe('10');
    expect(caselessRun('%1_25%')).toBe('25');
    expect(caselessRun('%1_2%')).toBeUndefined();
    expect(caselessRun('%apple pie%')).toBeUndefined();
    expect(caselessRun('%a  b%')).toBeUndefined();
  });
});

describe.each(testDatabases())('like with caseless runs on %s', (kind) => {
  for (const autoIndex of ['true', 'false']) {
    describe(`automatic indexes ${autoIndex === 'true' ? 'on' : 'off'}`, () => {
      let server: TestServer;
      let t: ProductTable;
      beforeAll(async () => {
        server = await startTestServer(kind, { RB_AUTO_INDEX: autoIndex });
        t = await createProductTable(server);
        await insertRows(
          server,
          t,
          NAMES.map((Title, i) => productRow(i + 1, { Title })),
        );
      });
      afterAll(async () => server?.close());

      const titles = async (where: string) => {
        const res = await server.api.get(`${t.v2}?limit=100&sort=Id&where=${encodeURIComponent(where)}`, {
          token: t.owner.token,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return {
          list: (res.body.list as { Title: string }[]).map((r) => r.Title),
          total: res.body.pageInfo.totalRows,
        };
      };

      it('answers as ILIKE does, before and after a search index is built', async () => {
        const searches: [string, string[]][] = [
          ['(Title,like,Item 10125)', ['Item 10125', 'ITEM 10125', 'item 101250']],
          ['(Title,like,#10-25)', ['Order #10-25 ready', 'ORDER #10-25']],
          ['(Title,like,order #10)', ['Order #10-25 ready', 'ORDER #10-25', 'order #1025']],
          ['(Title,like,a.b@Example.COM)', ['a.b@example.com', 'A.B@EXAMPLE.COM']],
          ['(Title,like,%m 1012_)', ['Item 10125', 'ITEM 10125']],
          [
            '(Title,like,item 10125)~or(Title,like,%@example.com)',
            [
              'Item 10125',
              'ITEM 10125',
              'item 101250',
              'a.b@example.com',
              'A.B@EXAMPLE.COM',
              'ab@example.com',
            ],
          ],
        ];
        for (let round = 0; round < 2; round++) {
          for (const [where, expected] of searches) {
            expect(await titles(where), where).toEqual({ list: expected, total: expected.length });
          }
          await server.ctx.dataCache.indexes.settled();
        }
      });

      it.runIf(kind === 'pg')('counts a search only when its page is full', async () => {
        const { db } = await server.ctx.tableModels.get(server.ctx, t.tableId);
        // Every statement the pooled connections run (row reads bypass knex's query events).
        const statements: string[] = [];
        type Conn = { query: (...args: unknown[]) => unknown; rbSeen?: boolean };
        const client = db.client as { acquireConnection: () => Promise<Conn> };
        const acquire = client.acquireConnection;
        let recording = true;
        client.acquireConnection = async function (this: unknown) {
          const conn = await acquire.call(this);
          if (!conn.rbSeen) {
            const query = conn.query;
            conn.query = function (this: unknown, ...args: unknown[]) {
              const q = args[0] as string | { text: string };
              if (recording) statements.push(typeof q === 'string' ? q : q.text);
              return query.apply(this, args);
            };
            conn.rbSeen = true;
          }
          return conn;
        };
        const list = async (where: string, limit: number, offset = 0) => {
          statements.length = 0;
          const res = await server.api.get(
            `${t.v2}?limit=${limit}&offset=${offset}&sort=Id&where=${encodeURIComponent(where)}`,
            { token: t.owner.token },
          );
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const counts = statements.filter((sql) => /^select count\(\*\)/i.test(sql)).length;
          return [
            (res.body.list as { Title: string }[]).map((r) => r.Title),
            res.body.pageInfo.totalRows,
            counts,
          ];
        };
        try {
          // Values the count cache has not seen: each answer is worked out, not remembered.
          expect(await list('(Title,like,ordeR #10)', 25)).toEqual([
            ['Order #10-25 ready', 'ORDER #10-25', 'order #1025'],
            3,
            0,
          ]);
          expect(await list('(Title,like,ORDER #10)', 2)).toEqual([
            ['Order #10-25 ready', 'ORDER #10-25'],
            3,
            1,
          ]);
          expect(await list('(Title,like,Order #10)', 2, 2)).toEqual([['order #1025'], 3, 0]);
          expect(await list('(Title,like,oRder #10)', 2, 4)).toEqual([[], 3, 1]);
        } finally {
          recording = false;
          client.acquireConnection = acquire;
        }
      });

      // With automatic indexes on, the search index built above narrows the rows instead.
      it.runIf(kind === 'sqlite' && autoIndex === 'false')(
        'tests the caseless run with instr before LIKE',
        async () => {
          const { model, db } = await server.ctx.tableModels.get(server.ctx, t.tableId);
          const reader = new RowReader(db, model, server.ctx.dataCache);
          const q = reader.filtered(parseWhere('(Title,like,Item 10125)')).select('title').toSQL().toNative();
          expect(q.sql).toMatch(/instr\(`title`, \?\) > 0 and `title` like \?/);
          expect(q.bindings).toEqual([' 10125', '%Item 10125%']);
          const found = (await db.raw(q.sql, q.bindings as never[])) as { title: string }[];
          expect(found.map((r) => r.title).sort()).toEqual(['ITEM 10125', 'Item 10125', 'item 101250']);
        },
      );

      it.runIf(kind === 'pg')(
        'tests the caseless run before ILIKE when it reads the whole table',
        async () => {
          const { model, db } = await server.ctx.tableModels.get(server.ctx, t.tableId);
          const reader = new RowReader(db, model, server.ctx.dataCache);
          const q = reader.filtered(parseWhere('(Title,like,Item 10125)')).count({ n: '*' }).toSQL();
          const plan = await db.transaction(async (trx) => {
            await trx.raw('set local enable_bitmapscan = off');
            await trx.raw('set local enable_indexscan = off');
            const res = await trx.raw(`explain ${q.sql}`, q.bindings as never[]);
            return (res.rows as Record<string, string>[]).map((r) => r['QUERY PLAN']).join(' | ');
          });
          expect(plan).toMatch(/Seq Scan/);
          expect(plan).toMatch(
            /Filter: \(\(\(title\)::text ~~ '% 10125%'::text\) AND \(\(title\)::text ~~\* '%Item 10125%'::text\)\)/,
          );
        },
      );
    });
  }
});
