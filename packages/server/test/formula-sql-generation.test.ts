/**
 * SQL generation for the engines not run here (MSSQL, Oracle, Snowflake): knex's mssql and oracledb clients
 * build SQL without their drivers; Snowflake has no knex client, so its fragments are composed by the pg
 * client (same double-quoted identifiers and `?` placeholders) — a Snowflake adapter passes its own knex.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { FORMULA_FUNCTIONS, UNSUPPORTED_FUNCTIONS } from '@rowbase/core/formula/functions/catalogue';
import type { FunctionDef } from '@rowbase/core/formula/functions/function-def';
import type { FormulaDialect } from '@rowbase/core/formula/types';
import knexFactory, { type Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { compileFormula } from '../src/data/formula/compile-formula.js';
import { COLUMNS } from './formula-fixture.js';

const CLIENTS = { mssql: 'mssql', oracle: 'oracledb', snowflake: 'pg' } as const;
type Generated = Extract<FormulaDialect, keyof typeof CLIENTS>;

function generator(dialect: Generated) {
  const knex: Knex = knexFactory({ client: CLIENTS[dialect] });
  const columnSql = (c: ColumnMeta) => knex.raw('??', [`t.${c.column_name}`]);
  return (formula: string) => {
    const { sql, type } = compileFormula(formula, { knex, dialect, columns: COLUMNS, columnSql });
    const native = sql.toSQL();
    return { sql: native.sql, bindings: native.bindings, type };
  };
}

/** A call of each function with arguments of the types it expects (literal vocabularies where needed). */
function sampleCall(def: FunctionDef): string {
  const special: Record<string, string> = {
    DATEADD: 'DATEADD({d}, 2, "month")',
    DATETIME_DIFF: 'DATETIME_DIFF({dt}, {d}, "d")',
    WEEKDAY: 'WEEKDAY({d}, "sunday")',
    ARRAYSORT: 'ARRAYSORT({nums}, "desc")',
    ARRAYUNIQUE: 'ARRAYUNIQUE({js})',
    ARRAYCOMPACT: 'ARRAYCOMPACT({js})',
    ARRAYSLICE: 'ARRAYSLICE({js}, 2, 3)',
    JSON_EXTRACT: 'JSON_EXTRACT({obj}, "$.a.b")',
  };
  if (special[def.name]) return special[def.name]!;
  const n = 'exact' in def.count ? def.count.exact : Math.max(def.count.min, def.args.length);
  const sample = {
    numeric: '{num}',
    string: '{txt}',
    date: '{d}',
    boolean: '{flag}',
    any: '{num2}',
  } as const;
  const args = Array.from(
    { length: n },
    (_, i) => sample[def.args[Math.min(i, def.args.length - 1)] ?? 'any'],
  );
  return `${def.name}(${args.join(', ')})`;
}

describe.each(['mssql', 'oracle', 'snowflake'] as const)('formula SQL for %s', (dialect) => {
  const gen = generator(dialect);

  it.each([...FORMULA_FUNCTIONS.values()].map((d) => [d.name, d] as const))('%s', (name, def) => {
    const formula = sampleCall(def);
    if (UNSUPPORTED_FUNCTIONS[dialect].includes(name)) {
      expect(() => gen(formula)).toThrow(`Function ${name} is not available`);
      return;
    }
    if (dialect === 'oracle' && name === 'JSON_EXTRACT') {
      expect(() => gen(formula)).toThrow('Function JSON_EXTRACT is not available');
      return;
    }
    const { sql, bindings } = gen(formula);
    expect(sql.length).toBeGreaterThan(0);
    // Every literal of the formula travels as a binding, never as SQL text.
    for (const literal of ['month', 'sunday', 'desc', '$.a.b']) expect(sql).not.toContain(`'${literal}'`);
    expect(sql.split('?').length - 1).toBe(bindings.length);
  });

  it('binds injection attempts in text literals', () => {
    const evil = `x'); DROP TABLE t; --`;
    const { sql, bindings } = gen(`CONCAT("${evil}", {txt}) & "\\" OR 1=1"`);
    expect(sql).not.toContain('DROP');
    expect(sql).not.toContain('OR 1=1');
    expect(bindings).toContain(evil);
    expect(bindings).toContain('" OR 1=1');
  });
});

describe('MSSQL specifics', () => {
  const gen = generator('mssql');
  it('turns conditions into 1/0 values and values into conditions', () => {
    expect(gen('{num} > 1')).toEqual({
      sql: '(CASE WHEN ([t].[num] > ?) THEN 1 WHEN NOT ([t].[num] > ?) THEN 0 END)',
      bindings: [1, 1],
      type: 'boolean',
    });
    expect(gen('IF({flag}, "a", "b")').sql).toBe('(CASE WHEN ([t].[flag] <> 0) THEN ? ELSE ? END)');
  });
  it('uses T-SQL date functions with fixed date parts', () => {
    expect(gen('DATEADD({d}, 2, "month")').sql).toBe('DATEADD(MONTH, CAST(? AS INT), [t].[d])');
    expect(gen('DATETIME_DIFF({dt}, {d}, "days")').sql).toBe('DATEDIFF_BIG(DAY, [t].[d], [t].[dt])');
    expect(gen('DATETIME_DIFF({dt}, "2024/01/15", "ms")')).toMatchObject({
      sql: 'DATEDIFF_BIG(MILLISECOND, CAST(? AS DATETIME2), [t].[dt])',
      bindings: ['2024-01-15'],
    });
  });
  it('takes MIN over a VALUES list and CONCATs text', () => {
    expect(gen('MIN({num}, 3)').sql).toBe('(SELECT MIN(v) FROM (VALUES ([t].[num]), (?)) AS t(v))');
    expect(gen('{txt} & "!"').sql).toBe("CONCAT(COALESCE([t].[txt], ''), COALESCE(?, ''))");
    expect(gen('LOG(2, 8)').sql).toBe('LOG(?, ?)');
    expect(gen('LOG(2, 8)').bindings).toEqual([8, 2]);
  });
});

describe('Oracle specifics', () => {
  const gen = generator('oracle');
  it('reads date texts with one fixed format and adds months', () => {
    expect(gen('DATEADD("2024/01/15 10:30", 1, "year")')).toMatchObject({
      sql: `ADD_MONTHS(TO_TIMESTAMP(?, 'YYYY-MM-DD HH24:MI:SS.FF3'), ? * 12)`,
      bindings: ['2024-01-15 10:30:00.000', 1],
    });
  });
  it('treats empty text as NULL in conditions', () => {
    expect(gen('IF({txt}, 1, 0)').sql).toBe('(CASE WHEN ("t"."txt" IS NOT NULL) THEN ? ELSE ? END)');
    expect(gen('ISBLANK({txt})').sql).toBe(
      '(CASE WHEN ("t"."txt" IS NULL) THEN 1 WHEN NOT ("t"."txt" IS NULL) THEN 0 END)',
    );
  });
  it('computes WEEKDAY from the ISO week start with a bound offset', () => {
    expect(gen('WEEKDAY({d}, "sunday")')).toMatchObject({
      sql: `MOD(TRUNC("t"."d") - TRUNC("t"."d", 'IW') + ?, 7)`,
      bindings: [1],
    });
  });
});

describe('Snowflake specifics', () => {
  const gen = generator('snowflake');
  it('uses native date, regex, JSON and array functions', () => {
    expect(gen('DATEADD({dt}, -2, "day")').sql).toBe('DATEADD(DAY, ?, "t"."dt")');
    expect(gen('REGEX_MATCH({txt}, "^a")').sql).toBe('(REGEXP_INSTR("t"."txt", ?) > 0)');
    expect(gen('JSON_EXTRACT({obj}, "$.a.b[0]")').bindings).toEqual(['a.b[0]']);
    expect(gen('ARRAYSORT({nums}, "desc")').sql).toBe('ARRAY_SORT("t"."nums", FALSE)');
    expect(gen('DATETIME_DIFF({dt}, {d}, "Q")').sql).toBe('DATEDIFF(QUARTER, "t"."d", "t"."dt")');
  });
  it('keeps booleans as booleans', () => {
    expect(gen('AND({flag}, TRUE())').sql).toBe('(("t"."flag") AND (TRUE))');
  });
});
