/**
 * The where/sort/page compiler against real databases: a table of fruit with every filterable kind,
 * fixed dates (now = 2024-05-10 12:00 UTC), and the NocoDB operators, nested groups and date sub-operators.
 */
import type { ColumnMeta, TableMeta } from '@rowbase/core/api/meta';
import type { UIType } from '@rowbase/core/fields/ui-types';
import { parseSort } from '@rowbase/core/filters/sort';
import { parseWhere } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataCache } from '../src/data/data-cache.js';
import { dialectOf } from '../src/data/dialect.js';
import { RowReader } from '../src/data/row-query.js';
import { buildTableModel, type TableModel } from '../src/data/table-model.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';

const NOW = new Date('2024-05-10T12:00:00Z');

function col(title: string, name: string, uidt: UIType, extra: Partial<ColumnMeta> = {}): ColumnMeta {
  return {
    id: `c_${name}`,
    fk_model_id: 'm_fruit',
    column_name: name,
    title,
    uidt,
    pk: false,
    pv: false,
    rqd: false,
    un: false,
    ai: false,
    system: false,
    ...extra,
  };
}

const COLUMNS: ColumnMeta[] = [
  col('Id', 'id', 'ID', { pk: true, ai: true }),
  col('Title', 'title', 'SingleLineText'),
  col('Price', 'price', 'Decimal'),
  col('Qty', 'qty', 'Number'),
  col('Done', 'done', 'Checkbox'),
  col('Day', 'day', 'Date'),
  col('At', 'at', 'DateTime'),
  col('Tags', 'tags', 'MultiSelect'),
  col('Status', 'status', 'SingleSelect'),
  col('Notes', 'notes', 'LongText'),
];

const ROWS = [
  ['apple', 5.5, 1, true, '2024-05-10', '2024-05-10 08:00:00', 'red,green', 'open', null],
  ['banana', 12, 2, false, '2024-05-07', '2024-05-09 23:30:00', 'blue', 'closed', ''],
  ['cherry', 20, 3, null, '2024-05-01', '2024-05-12 10:00:00', null, null, 'sweet, red'],
  ['mango', 8, 4, true, '2024-04-01', '2023-01-01 00:00:00', 'red,blue,green', 'open', 'Tropical (fruit)'],
  ['kiwi', null, null, false, null, null, 'green', 'open', 'x'],
] as const;

async function createFruitTable(db: Knex, name: string): Promise<void> {
  await db.schema.createTable(name, (t) => {
    t.increments('id').primary();
    t.string('title', 255);
    t.decimal('price', 10, 2);
    t.integer('qty');
    t.boolean('done');
    t.date('day');
    t.datetime('at');
    t.text('tags');
    t.text('status');
    t.text('notes');
  });
}

describe.each(testDatabases())('where, sort and paging on %s', (kind) => {
  let server: TestServer;
  let model: TableModel;
  let reader: RowReader;
  const cache = new DataCache();

  beforeAll(async () => {
    server = await startTestServer(kind);
    const db = server.ctx.db;
    await createFruitTable(db, 'fruit');
    const dialect = dialectOf(db);
    const bool = (v: boolean | null) => (v === null ? null : dialect === 'pg' ? v : v ? 1 : 0);
    await db('fruit').insert(
      ROWS.map(([title, price, qty, done, day, at, tags, status, notes]) => ({
        title,
        price,
        qty,
        done: bool(done),
        day,
        at,
        tags,
        status,
        notes,
      })),
    );
    const table: TableMeta = {
      id: 'm_fruit',
      base_id: 'p1',
      source_id: 'b1',
      table_name: 'fruit',
      title: 'Fruit',
      type: 'table',
    };
    model = buildTableModel(table, COLUMNS, dialect);
    reader = new RowReader(db, model, cache, NOW);
  });
  afterAll(async () => server?.close());

  const titles = async (where: string, sort = 'Title') => {
    const rows = await reader.rows({
      where: parseWhere(where),
      sort: parseSort(sort),
      limit: 100,
      offset: 0,
    });
    return rows.map((r) => r.Title);
  };

  it.each([
    ['(Title,eq,apple)', ['apple']],
    ['(Price,gt,10)', ['banana', 'cherry']],
    ['(Price,btw,5,8)', ['apple', 'mango']],
    ['(Price,nbtw,5,8)', ['banana', 'cherry', 'kiwi']],
    ['(Price,neq,12)', ['apple', 'cherry', 'kiwi', 'mango']],
    ['(Price,not,12)', ['apple', 'cherry', 'kiwi', 'mango']],
    ['(Qty,in,1,3)', ['apple', 'cherry']],
    ['(Qty,le,2)', ['apple', 'banana']],
    ['(Title,like,AN)', ['banana', 'mango']],
    ['(Title,like,%y)', ['cherry']],
    ['(Title,nlike,an)', ['apple', 'cherry', 'kiwi']],
    ['(Notes,blank)', ['apple', 'banana']],
    ['(Notes,notblank)', ['cherry', 'kiwi', 'mango']],
    ['(Notes,empty)', ['banana']],
    ['(Notes,null)', ['apple']],
    ['(Notes,notnull)', ['banana', 'cherry', 'kiwi', 'mango']],
    ['(Notes,like,(fruit))', ['mango']],
    ['(Notes,eq,sweet, red)', ['cherry']],
    ['(Done,checked)', ['apple', 'mango']],
    ['(Done,notchecked)', ['banana', 'cherry', 'kiwi']],
    ['(Done,eq,true)', ['apple', 'mango']],
    ['(Done,is,true)', ['apple', 'mango']],
    ['(Notes,is,null)', ['apple']],
    ['(Notes,isnot,null)', ['banana', 'cherry', 'kiwi', 'mango']],
    ['(Tags,anyof,blue,green)', ['apple', 'banana', 'kiwi', 'mango']],
    ['(Tags,allof,red,green)', ['apple', 'mango']],
    ['(Tags,nanyof,red)', ['banana', 'cherry', 'kiwi']],
    ['(Tags,nallof,red,green)', ['banana', 'cherry', 'kiwi']],
    ['(Status,anyof,closed)', ['banana']],
    ['(Status,nanyof,open)', ['banana', 'cherry']],
    ['(Status,eq,open)', ['apple', 'kiwi', 'mango']],
    ['(Day,eq,today)', ['apple']],
    ['(Day,eq,daysAgo,3)', ['banana']],
    ['(Day,lt,yesterday)', ['banana', 'cherry', 'mango']],
    ['(Day,ge,oneWeekAgo)', ['apple', 'banana']],
    ['(Day,gt,oneMonthAgo)', ['apple', 'banana', 'cherry']],
    ['(Day,neq,today)', ['banana', 'cherry', 'kiwi', 'mango']],
    ['(Day,isWithin,pastWeek)', ['apple', 'banana']],
    ['(Day,isWithin,pastMonth)', ['apple', 'banana', 'cherry']],
    ['(Day,btw,2024-04-01,2024-05-01)', ['cherry', 'mango']],
    ['(At,eq,exactDate,2024-05-09)', ['banana']],
    ['(At,eq,yesterday)', ['banana']],
    ['(At,isWithin,nextNumberOfDays,3)', ['apple', 'cherry']],
    ['(At,gt,2024-05-09 12:00:00)', ['apple', 'banana', 'cherry']],
    ['(At,le,2024-05-10)', ['apple', 'banana', 'mango']],
    ['((Price,gt,10)~or(Done,checked))~not(Title,eq,mango)', ['apple', 'banana', 'cherry']],
    ['~not(Status,eq,open)', ['banana']],
    ['(Title,eq,apple)~or(Title,eq,kiwi)~and(Price,gt,1)', ['apple']],
    ['((Title,eq,apple)~or(Title,eq,kiwi))~and(Qty,blank)', ['kiwi']],
    ['(Tags,anyof,red)~and((Day,isWithin,pastYear)~or(Notes,like,fruit))', ['apple', 'mango']],
  ])('%s', async (where, expected) => {
    expect(await titles(where)).toEqual(expected);
  });

  it('refuses unknown fields, operators a field does not allow and bad values, naming them', async () => {
    await expect(titles('(Nope,eq,1)')).rejects.toThrow("Field 'Nope' not found in table 'Fruit'");
    await expect(titles('(Price,like,x)')).rejects.toThrow('operator "like" is not allowed on Price');
    await expect(titles('(Day,eq,soon)')).rejects.toThrow('"soon" is not a date');
    await expect(titles('(Qty,gt,many)')).rejects.toThrow('"many" is not a number');
    await expect(titles('(Title,eq,x)', '-Nope')).rejects.toThrow("Field 'Nope' not found");
  });

  it('sorts by several fields, empty values smallest on every database', async () => {
    expect(await titles('', '-Price,Title')).toEqual(['cherry', 'banana', 'mango', 'apple', 'kiwi']);
    expect(await titles('', 'Qty')).toEqual(['kiwi', 'apple', 'banana', 'cherry', 'mango']);
    expect(await titles('', '-Done,Title')).toEqual(['apple', 'mango', 'banana', 'kiwi', 'cherry']);
  });

  it('pages with pageInfo, and returns only the fields asked for', async () => {
    const page = await reader.page({
      fields: ['Title', 'Price'],
      sort: parseSort('Id'),
      limit: 2,
      offset: 2,
    });
    expect(page.list).toEqual([
      { Title: 'cherry', Price: 20 },
      { Title: 'mango', Price: 8 },
    ]);
    expect(page.pageInfo).toEqual({
      totalRows: 5,
      page: 2,
      pageSize: 2,
      isFirstPage: false,
      isLastPage: false,
    });
    const last = await reader.page({ where: parseWhere('(Done,checked)'), limit: 25, offset: 0 });
    expect(last.pageInfo).toEqual({
      totalRows: 2,
      page: 1,
      pageSize: 25,
      isFirstPage: true,
      isLastPage: true,
    });
  });

  it('decodes booleans, numbers and dates the same on every database', async () => {
    const row = await reader.byId(1);
    expect(row).toEqual({
      Id: 1,
      Title: 'apple',
      Price: 5.5,
      Qty: 1,
      Done: true,
      Day: '2024-05-10',
      At: '2024-05-10 08:00:00+00:00',
      Tags: 'red,green',
      Status: 'open',
      Notes: null,
    });
    expect(await reader.exists(2)).toBe(true);
    expect(await reader.exists(99)).toBe(false);
  });

  it('groups by a field with counts', async () => {
    const g = await reader.groupBy('Status', { where: parseWhere('(Price,notnull)'), limit: 25, offset: 0 });
    expect(g.list).toEqual([
      { Status: null, count: 1 },
      { Status: 'closed', count: 1 },
      { Status: 'open', count: 2 },
    ]);
    expect(g.pageInfo.totalRows).toBe(3);
  });

  it('counts the groups of every page, full, short or past the end', async () => {
    const page = (limit: number, offset: number) =>
      reader.groupBy('Status', { where: parseWhere('(Price,notnull)'), limit, offset });
    const full = await page(2, 0);
    expect(full.list.map((r) => r.Status)).toEqual([null, 'closed']);
    expect(full.pageInfo).toMatchObject({ totalRows: 3, isLastPage: false });
    const short = await page(2, 2);
    expect(short.list.map((r) => r.Status)).toEqual(['open']);
    expect(short.pageInfo).toMatchObject({ totalRows: 3, isLastPage: true });
    const past = await page(2, 6);
    expect(past.list).toEqual([]);
    expect(past.pageInfo.totalRows).toBe(3);
  });

  it('seeks deep pages by key and stays right after writes', async () => {
    const db = server.ctx.db;
    await createFruitTable(db, 'many');
    const rows = Array.from({ length: 1500 }, (_, i) => ({ title: `r${i + 1}`, qty: i % 7 }));
    for (let i = 0; i < rows.length; i += 300) await db('many').insert(rows.slice(i, i + 300));
    const many = buildTableModel(
      { ...model, id: 'm_many', table_name: 'many', title: 'Many' } as never,
      COLUMNS,
      model.dialect,
    );
    const deep = new RowReader(db, many, cache, NOW);
    const ids = async (offset: number, where = '') =>
      (await deep.rows({ where: parseWhere(where), limit: 3, offset })).map((r) => r.Id);
    expect(await ids(1000)).toEqual([1001, 1002, 1003]);
    expect(await ids(1000)).toEqual([1001, 1002, 1003]); // served from the seek point
    expect(await ids(1003)).toEqual([1004, 1005, 1006]); // the next page continues from the last key
    const matching = rows.map((r, i) => ({ id: i + 1, qty: r.qty })).filter((r) => r.qty < 6);
    const expected = matching.slice(700, 703).map((r) => r.id);
    expect(await ids(700, '(Qty,lt,6)')).toEqual(expected);
    expect(await ids(700, '(Qty,lt,6)')).toEqual(expected);
    const desc = await deep.rows({ sort: parseSort('-Id'), limit: 2, offset: 600 });
    expect(desc.map((r) => r.Id)).toEqual([900, 899]);
    await db('many').where('id', '<=', 10).del();
    cache.bump('m_many');
    expect(await ids(1000)).toEqual([1011, 1012, 1013]);
  });
});
