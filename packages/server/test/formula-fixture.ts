/**
 * A small table for formula tests: its rows as JavaScript values (the expectations are computed from these),
 * its fields as ColumnMeta, and helpers to create it in a scratch database and read compiled formulas back.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { testColumn } from '@rowbase/core/formula/test-columns';
import type { FormulaType } from '@rowbase/core/formula/types';
import knexFactory, { type Knex } from 'knex';
import type { MetaDbClient } from '../src/config.js';
import { compileFormula } from '../src/data/formula/compile-formula.js';
import { registerSqliteFormulaFunctions } from '../src/data/formula/sqlite-functions.js';
import { openMetaDb } from '../src/meta/db.js';

export interface Row {
  id: number;
  num: number | null;
  num2: number | null;
  txt: string | null;
  txt2: string | null;
  mail: string | null;
  flag: boolean | null;
  d: string | null;
  dt: string | null;
  js: string | null;
  nums: string | null;
  obj: string | null;
}

export const ROWS: Row[] = [
  {
    id: 1,
    num: 12.5,
    num2: 4,
    txt: 'Hello World',
    txt2: 'abc-123',
    mail: 'ann@example.com',
    flag: true,
    d: '2024-01-31',
    dt: '2024-03-15 10:30:00',
    js: '[3,1,"a",1,null,""]',
    nums: '[3,1,2]',
    obj: '{"a":{"b":"x"},"n":[10,20]}',
  },
  {
    id: 2,
    num: -3.25,
    num2: 0,
    txt: '  padded  ',
    txt2: '$1,000.50',
    mail: 'bob@test.org',
    flag: false,
    d: '2024-02-29',
    dt: '2023-12-31 23:59:59',
    js: '[]',
    nums: '[5]',
    obj: '{"a":{"b":"y"},"n":[1]}',
  },
  {
    id: 3,
    num: null,
    num2: null,
    txt: null,
    txt2: null,
    mail: null,
    flag: null,
    d: null,
    dt: null,
    js: null,
    nums: null,
    obj: null,
  },
];

/** The table's fields: stored ones, formula fields (stored form, by id) and two computed stand-ins. */
export const COLUMNS: ColumnMeta[] = [
  testColumn('c_id', 'Id', 'ID'),
  testColumn('c_num', 'num', 'Decimal'),
  testColumn('c_num2', 'num2', 'Number'),
  testColumn('c_txt', 'txt', 'SingleLineText'),
  testColumn('c_txt2', 'txt2', 'SingleLineText'),
  testColumn('c_mail', 'mail', 'Email'),
  testColumn('c_flag', 'flag', 'Checkbox'),
  testColumn('c_d', 'd', 'Date'),
  testColumn('c_dt', 'dt', 'DateTime'),
  testColumn('c_js', 'js', 'JSON'),
  testColumn('c_nums', 'nums', 'JSON'),
  testColumn('c_obj', 'obj', 'JSON'),
  testColumn('c_total', 'Total', 'Formula', '{c_num} * 2'),
  testColumn('c_label', 'Label', 'Formula', 'CONCAT({c_txt}, "!")'),
  testColumn('c_twice', 'Twice', 'Formula', '{c_total} + {c_num2}'),
  // Stand-ins for a lookup (JSON array) and a rollup (number): their SQL is a correlated subquery.
  testColumn('c_tags', 'Tags', 'Lookup'),
  testColumn('c_sum', 'Sum', 'Rollup'),
];
COLUMNS[0]!.column_name = 'id';

export async function openScratch(kind: MetaDbClient, url: string): Promise<Knex> {
  if (kind !== 'sqlite') return openMetaDb({ client: kind, connection: url });
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename: url },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(
        conn: Parameters<typeof registerSqliteFormulaFunctions>[0],
        done: (err: Error | null) => void,
      ) {
        registerSqliteFormulaFunctions(conn);
        done(null);
      },
    },
  });
}

export async function createTable(db: Knex): Promise<void> {
  await db.schema.createTable('t', (t) => {
    t.integer('id').primary();
    t.decimal('num', 10, 2);
    t.integer('num2');
    t.string('txt');
    t.string('txt2');
    t.string('mail');
    t.boolean('flag');
    t.date('d');
    t.datetime('dt', { useTz: false });
    t.text('js');
    t.text('nums');
    t.text('obj');
  });
  await db('t').insert(ROWS);
}

export function columnSql(db: Knex) {
  return (column: ColumnMeta): Knex.Raw => {
    if (column.id === 'c_tags')
      return db.raw('(select ?? from ?? where ?? = ??)', ['t2.js', 't as t2', 't2.id', 't.id']);
    if (column.id === 'c_sum')
      return db.raw('(select sum(??) from ?? where ?? <= ??)', ['t2.num2', 't as t2', 't2.id', 't.id']);
    return db.raw('??', [`t.${column.column_name}`]);
  };
}

export const resolveType = (column: ColumnMeta): FormulaType | undefined =>
  column.id === 'c_tags' ? 'json' : column.id === 'c_sum' ? 'numeric' : undefined;

/** Test-only SQL that prints a date result the same way on every engine. */
function dateText(kind: MetaDbClient, db: Knex, sql: Knex.Raw): Knex.Raw {
  if (kind === 'pg') return db.raw(`to_char(?, 'YYYY-MM-DD HH24:MI:SS')`, [sql]);
  if (kind === 'mysql') return db.raw(`DATE_FORMAT(?, '%Y-%m-%d %H:%i:%s')`, [sql]);
  return db.raw(`strftime('%Y-%m-%d %H:%M:%S', ?)`, [sql]);
}

/** Evaluates a formula on every row (ordered by id) and returns normalised JavaScript values. */
export async function evaluate(kind: MetaDbClient, db: Knex, formula: string): Promise<unknown[]> {
  const dialect = kind;
  const { sql, type } = compileFormula(formula, {
    knex: db,
    dialect,
    columns: COLUMNS,
    columnSql: columnSql(db),
    resolveType,
  });
  const value = type === 'date' ? dateText(kind, db, sql) : sql;
  const rows: { v: unknown }[] = await db('t')
    .select(db.raw('? as v', [value]))
    .orderBy('t.id');
  return rows.map((r) => normalise(r.v, type));
}

export function normalise(v: unknown, type: FormulaType): unknown {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'numeric':
      return Number(v);
    case 'boolean':
      return v === true || v === 1 || v === '1' || v === 't';
    case 'json':
      return typeof v === 'string' ? JSON.parse(v) : v;
    default:
      return typeof v === 'number' || typeof v === 'bigint' ? Number(v) : String(v);
  }
}
