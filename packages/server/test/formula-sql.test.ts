/**
 * Formulas compiled to SQL and EXECUTED on real SQLite, PostgreSQL and MySQL: every function the engine
 * offers, nesting, formulas over formulas / lookups / rollups, blanks, and injection attempts.
 */
import { parseFormula } from '@rowbase/core/formula/parse';
import { walkFormula } from '@rowbase/core/formula/ast';
import { FORMULA_FUNCTIONS, UNSUPPORTED_FUNCTIONS } from '@rowbase/core/formula/functions/catalogue';
import { checkFormula } from '@rowbase/core/formula/typecheck';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFormula, compileFormulaColumn } from '../src/data/formula/compile-formula.js';
import { CASES } from './formula-cases.js';
import {
  COLUMNS,
  ROWS,
  columnSql,
  createTable,
  evaluate,
  openScratch,
  resolveType,
} from './formula-fixture.js';
import { createScratchDatabase, testDatabases } from './harness.js';

function functionsOf(formula: string): string[] {
  const names: string[] = [];
  walkFormula(parseFormula(formula), (n) => {
    if (n.type === 'call') names.push(n.name);
  });
  return names;
}

function expectSame(actual: unknown, expected: unknown, label: string): void {
  if (typeof expected === 'number' && typeof actual === 'number')
    expect(actual, label).toBeCloseTo(expected, 6);
  else expect(actual, label).toEqual(expected);
}

describe.each(testDatabases())('formulas executed on %s', (kind) => {
  let db: Knex;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(kind);
    drop = scratch.drop;
    db = await openScratch(kind, scratch.url);
    await createTable(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });

  it.each(CASES.map((c) => [c.formula, c] as const))('%s', async (_, c) => {
    const unsupported = functionsOf(c.formula).filter((f) => UNSUPPORTED_FUNCTIONS[kind].includes(f));
    if (unsupported.length) {
      const { errors } = checkFormula(c.formula, { columns: COLUMNS, dialect: kind });
      expect(errors).toContainEqual({
        type: 'NOT_AVAILABLE',
        message: `Function ${unsupported[0]} is not available`,
      });
      expect(() =>
        compileFormula(c.formula, { knex: db, dialect: kind, columns: COLUMNS, columnSql: columnSql(db) }),
      ).toThrow(`Function ${unsupported[0]} is not available`);
      return;
    }
    const values = await evaluate(kind, db, c.formula);
    ROWS.forEach((row, i) => expectSame(values[i], c.expected(row), `row ${row.id}`));
  });

  it('covers every function the engine offers', () => {
    const used = new Set(CASES.flatMap((c) => functionsOf(c.formula)));
    const offered = [...FORMULA_FUNCTIONS.keys()].filter((f) => !UNSUPPORTED_FUNCTIONS[kind].includes(f));
    expect(offered.filter((f) => !used.has(f))).toEqual([]);
  });

  it('sorts and filters on a compiled formula', async () => {
    const { sql } = compileFormulaColumn(
      COLUMNS.find((c) => c.id === 'c_twice')!,
      {
        knex: db,
        dialect: kind,
        columns: COLUMNS,
        columnSql: columnSql(db),
        resolveType,
      },
    );
    const ids = await db('t')
      .select('t.id')
      .where(db.raw('? > ?', [sql, 0]))
      .orderBy(db.raw('?', [sql]) as never, 'desc');
    expect(ids.map((r: { id: unknown }) => Number(r.id))).toEqual([1]);
  });

  it('keeps user text out of the SQL and the table intact', async () => {
    const { sql } = compileFormula(`CONCAT("x'); DROP TABLE t; --", {txt})`, {
      knex: db,
      dialect: kind,
      columns: COLUMNS,
      columnSql: columnSql(db),
    });
    const native = sql.toSQL();
    expect(native.sql).not.toContain('DROP');
    expect(native.bindings).toContain("x'); DROP TABLE t; --");
    expect(await db('t').count({ n: '*' })).toEqual([{ n: expect.anything() }]);
    expect(Number((await db('t').count({ n: '*' }))[0]!.n)).toBe(3);
  });

  it('refuses bad formulas with the checker messages (422)', () => {
    const compile = (f: string) => () =>
      compileFormula(f, { knex: db, dialect: kind, columns: COLUMNS, columnSql: columnSql(db) });
    expect(compile('{Nope} + 1')).toThrow('Invalid column name/id "Nope" in formula');
    expect(compile('ROUND("x")')).toThrow('Numeric type is expected');
    try {
      compile('-{num}')();
      expect.unreachable();
    } catch (err) {
      expect((err as { status: number }).status).toBe(422);
    }
  });
});
