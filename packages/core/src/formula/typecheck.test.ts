import { describe, expect, it } from 'vitest';
import type { ColumnMeta } from '../api/meta.js';
import { formulaError } from './errors.js';
import { FORMULA_FUNCTIONS, UNSUPPORTED_FUNCTIONS } from './functions/catalogue.js';
import { isAcceptedDateText, normaliseDateText } from './functions/literal-rules.js';
import { testColumn } from './test-columns.js';
import { type FormulaCheckOptions, checkFormula } from './typecheck.js';
import { FORMULA_DIALECTS, type FormulaDialect } from './types.js';

const columns: ColumnMeta[] = [
  testColumn('c1', 'Price', 'Number'),
  testColumn('c2', 'Name', 'SingleLineText'),
  testColumn('c3', 'Done', 'Checkbox'),
  testColumn('c4', 'Due', 'Date'),
  testColumn('c5', 'Data', 'JSON'),
  testColumn('c6', 'Total', 'Formula', '{c1} * 2'),
  testColumn('c7', 'Label', 'Formula', 'CONCAT({c2}, "!")'),
  testColumn('c8', 'Ping', 'Formula', '{c9} + 1'),
  testColumn('c9', 'Pong', 'Formula', '{c8} + 1'),
  testColumn('c10', 'Tags', 'Lookup'),
  testColumn('c11', 'Sum', 'Rollup'),
];

function check(formula: string, extra: Partial<FormulaCheckOptions> = {}) {
  return checkFormula(formula, { columns, dialect: 'pg', ...extra });
}
const messages = (formula: string, extra: Partial<FormulaCheckOptions> = {}) =>
  check(formula, extra).errors.map((e) => e.message);
const errorTypes = (formula: string, extra: Partial<FormulaCheckOptions> = {}) =>
  check(formula, extra).errors.map((e) => e.type);

describe('function availability', () => {
  it('refuses unknown functions, whatever their case', () => {
    expect(messages('FOO(1)')).toEqual(['Function FOO is not available']);
    expect(errorTypes('foo(1)')).toEqual(['INVALID_FUNCTION_NAME']);
    expect(messages('upper("a")')).toEqual([]);
  });
  it.each([
    ['mysql', ['COUNTA', 'COUNT', 'DATESTR']],
    ['snowflake', ['COUNTA', 'COUNT', 'DATESTR']],
    [
      'mssql',
      [
        'XOR',
        'REGEX_MATCH',
        'REGEX_EXTRACT',
        'REGEX_REPLACE',
        'VALUE',
        'COUNTA',
        'COUNT',
        'ROUNDDOWN',
        'ROUNDUP',
        'DATESTR',
      ],
    ],
    [
      'oracle',
      [
        'XOR',
        'REGEX_MATCH',
        'REGEX_EXTRACT',
        'REGEX_REPLACE',
        'VALUE',
        'COUNTA',
        'COUNT',
        'ROUNDDOWN',
        'ROUNDUP',
        'DATESTR',
      ],
    ],
    ['sqlite', ['COUNTA', 'COUNT', 'DATESTR', 'LOG', 'EXP', 'POWER', 'SQRT', 'DAY', 'MONTH', 'HOUR']],
    ['pg', []],
  ] as [FormulaDialect, string[]][])('%s lacks exactly %j', (dialect, missing) => {
    expect([...UNSUPPORTED_FUNCTIONS[dialect]].sort()).toEqual([...missing].sort());
    for (const fn of missing) {
      const { errors } = check(`${fn.toLowerCase()}()`, { dialect });
      expect(errors).toEqual([{ type: 'NOT_AVAILABLE', message: `Function ${fn} is not available` }]);
    }
  });
  it('has every function of the catalogue with a description, syntax and example', () => {
    const names =
      'ADD AVG MIN MAX CEILING FLOOR ROUND ROUNDUP ROUNDDOWN MOD POWER SQRT EXP LOG ABS INT EVEN ODD VALUE COUNT COUNTA COUNTALL ' +
      'CONCAT TRIM UPPER LOWER LEN REPEAT REPLACE SEARCH LEFT RIGHT SUBSTR MID URL URLENCODE REGEX_MATCH REGEX_EXTRACT REGEX_REPLACE ISBLANK ISNOTBLANK ' +
      'NOW DATEADD DATETIME_DIFF WEEKDAY DATESTR DAY MONTH YEAR HOUR IF SWITCH AND OR XOR TRUE FALSE BLANK ' +
      'ARRAYUNIQUE ARRAYSORT ARRAYCOMPACT ARRAYSLICE RECORD_ID JSON_EXTRACT';
    expect([...FORMULA_FUNCTIONS.keys()].sort()).toEqual(names.split(' ').sort());
    for (const def of FORMULA_FUNCTIONS.values()) {
      expect(def.description.length).toBeGreaterThan(5);
      expect(def.syntax.startsWith(def.name + '(')).toBe(true);
      expect(def.example.length).toBeGreaterThan(3);
    }
  });
});

describe('argument counts', () => {
  it.each(['AVG', 'ADD', 'MIN', 'MAX', 'COUNT', 'COUNTA', 'COUNTALL', 'CONCAT', 'AND', 'OR', 'XOR'])(
    '%s needs at least 1',
    (fn) => {
      expect(check(`${fn}()`).errors).toEqual([{ type: 'MIN_ARG', message: 'Minimum arguments required' }]);
      expect(messages(`${fn}(1)`)).toEqual([]);
    },
  );
  it.each(['ROUND', 'ROUNDUP', 'ROUNDDOWN'])('%s takes 1 to 2', (fn) => {
    expect(messages(`${fn}()`)).toEqual(['Minimum arguments required']);
    expect(messages(`${fn}(1.5, 1)`)).toEqual([]);
    expect(check(`${fn}(1, 2, 3)`).errors).toEqual([
      { type: 'MAX_ARG', message: 'Maximum arguments missing' },
    ]);
  });
  it.each([
    ['SUBSTR', '"abc"', '"abc", 1, 2, 3'],
    ['IF', 'TRUE()', 'TRUE(), 1, 2, 3'],
  ])('%s takes 2 to 3', (fn, tooFew, tooMany) => {
    expect(messages(`${fn}(${tooFew})`)).toEqual(['Minimum arguments required']);
    expect(messages(`${fn}(${tooMany})`)).toEqual(['Maximum arguments missing']);
  });
  it('SWITCH needs at least 3', () => {
    expect(messages('SWITCH(1, 2)')).toEqual(['Minimum arguments required']);
    expect(messages('SWITCH(1, 2, 3, 4, 5, 6)')).toEqual([]);
  });
  it.each(['MID', 'REPLACE', 'REGEX_REPLACE'])('%s takes exactly 3', (fn) => {
    expect(check(`${fn}("a", 1)`).errors.map((e) => e.type)).toContain('INVALID_ARG_COUNT');
    expect(messages(`${fn}(1, 2)`)).toEqual(['Required arguments missing']);
    expect(messages(`${fn}(1, 2, 3, 4)`)).toEqual(['Required arguments missing']);
    expect(messages(`${fn}(1, 2, 3)`)).toEqual([]);
  });
  it.each(['TRUE', 'FALSE', 'BLANK', 'NOW', 'RECORD_ID'])('%s takes no argument', (fn) => {
    expect(messages(`${fn}()`)).toEqual([]);
    expect(check(`${fn}(1)`).errors).toEqual([
      { type: 'INVALID_ARG_COUNT', message: 'Required arguments missing' },
    ]);
  });
});

describe('argument types', () => {
  it('names the field, its type and the expected type', () => {
    expect(check('ROUND({Name})').errors).toEqual([
      {
        type: 'TYPE_MISMATCH',
        message: 'Field Name with SingleLineText type is found but numeric type is expected',
      },
    ]);
    expect(messages('UPPER({Done})')).toEqual([
      'Field Done with Checkbox type is found but string type is expected',
    ]);
    expect(messages('AND({Name})')).toEqual([
      'Field Name with SingleLineText type is found but boolean type is expected',
    ]);
    expect(messages('DAY({Price})')).toEqual([
      'Field Price with Number type is found but date type is expected',
    ]);
  });
  it('says which type a literal or expression should have', () => {
    expect(check('ROUND("x")').errors).toEqual([
      { type: 'INVALID_ARG_TYPE', message: 'Numeric type is expected' },
    ]);
    expect(messages('UPPER(TRUE())')).toEqual(['String type is expected']);
    expect(messages('OR("yes")')).toEqual(['Boolean type is expected']);
    expect(messages('YEAR("next week")')).toEqual(['Date type is expected']);
    expect(messages('YEAR(12)')).toEqual(['Date type is expected']);
    expect(messages('SQRT(UPPER("a"))')).toEqual(['Numeric type is expected']);
  });
  it('accepts unknown and blank arguments, numbers as text and as conditions', () => {
    expect(messages('ROUND(BLANK())')).toEqual([]);
    expect(messages('ROUND(RECORD_ID())')).toEqual([]);
    expect(messages('LEN({Price})')).toEqual([]);
    expect(messages('AND({Price}, {Done}, 1 > 0)')).toEqual([]);
  });
  it('checks operands of arithmetic operators', () => {
    expect(messages('{Name} * 2')).toEqual([
      'Field Name with SingleLineText type is found but numeric type is expected',
    ]);
    expect(messages('"a" - 1')).toEqual(['Numeric type is expected']);
  });
  it('reports every error, not just the first', () => {
    expect(messages('CONCAT(ROUND("x"), {Nope}, FOO(), MID("a"))')).toEqual([
      'Numeric type is expected',
      'Invalid column name/id "Nope" in formula',
      'Function FOO is not available',
      'Required arguments missing',
    ]);
  });
  it('wraps issues into a 422 whose msg is the first message', () => {
    const err = formulaError(check('ROUND("x") + {Nope}').errors);
    expect(err.status).toBe(422);
    expect(err.toBody()).toMatchObject({
      msg: 'Numeric type is expected',
      errors: [
        { message: 'Numeric type is expected' },
        { message: 'Invalid column name/id "Nope" in formula' },
      ],
    });
  });
});

describe('dates and units', () => {
  it.each([
    '2024-03-01',
    '2024/03/01',
    '01-03-2024',
    '03-01-2024',
    '01/03/2024',
    '2024 03 01',
    '01 03 2024',
    '2024-03-01 10:30',
    '2024-03-01 10:30:15',
    '2024/03/01 10:30:15.123',
    '2024-03',
    '2024 03',
  ])('accepts %s as a date', (text) => {
    expect(isAcceptedDateText(text)).toBe(true);
    expect(messages(`YEAR("${text}")`)).toEqual([]);
  });
  it.each(['2024', '03/2024', 'tomorrow', '2024-03-01T', '10:30'])('refuses %s as a date', (text) => {
    expect(isAcceptedDateText(text)).toBe(false);
  });
  it('normalises accepted dates to ISO for binding', () => {
    expect(normaliseDateText('2024/3/1')).toBe('2024-03-01');
    expect(normaliseDateText('25-12-2024 7:05')).toBe('2024-12-25 07:05:00');
    expect(normaliseDateText('12/25/2024 07:05:09.5')).toBe('2024-12-25 07:05:09.500');
    expect(normaliseDateText('2024 07')).toBe('2024-07-01');
  });
  it('DATEADD: a date, a number and one of day, week, month, year', () => {
    for (const unit of ['day', 'week', 'month', 'year', 'Day'])
      expect(messages(`DATEADD({Due}, 1, "${unit}")`)).toEqual([]);
    expect(check('DATEADD({Due}, 1, "hour")').errors).toEqual([
      {
        type: 'INVALID_ARG_VALUE',
        message: 'DATEADD requires the third argument to be one of day, week, month, year',
      },
    ]);
    expect(messages('DATEADD("soon", "1", {Name})')).toEqual([
      'Date type is expected',
      'String type is expected'.replace('String', 'Numeric'),
      'DATEADD requires the third argument to be a text literal',
    ]);
  });
  it('DATETIME_DIFF: long and short units, case-sensitive short forms', () => {
    for (const unit of [
      'milliseconds',
      'ms',
      'seconds',
      's',
      'minutes',
      'm',
      'hours',
      'h',
      'days',
      'd',
      'weeks',
      'w',
      'months',
      'M',
      'quarters',
      'Q',
      'years',
      'y',
    ])
      expect(messages(`DATETIME_DIFF({Due}, "2024-01-01", "${unit}")`)).toEqual([]);
    expect(errorTypes('DATETIME_DIFF({Due}, NOW(), "q")')).toEqual(['INVALID_ARG_VALUE']);
    expect(messages('DATETIME_DIFF({Due}, NOW())')).toEqual([]);
  });
  it('WEEKDAY: an optional start day from sunday to saturday', () => {
    for (const day of ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'Saturday'])
      expect(messages(`WEEKDAY({Due}, "${day}")`)).toEqual([]);
    expect(messages('WEEKDAY({Due}, "funday")')).toEqual([
      'WEEKDAY requires the second argument to be one of sunday, monday, tuesday, wednesday, thursday, friday, saturday',
    ]);
  });
});

describe('JSON_EXTRACT paths', () => {
  it('takes a literal path of keys and indexes', () => {
    expect(messages('JSON_EXTRACT({Data}, "$.a.b[0]")')).toEqual([]);
    expect(check('JSON_EXTRACT({Data}, "$.a b")').errors).toEqual([
      { type: 'INVALID_ARG_VALUE', message: 'JSON_EXTRACT requires a JSON path like $.key.list[0]' },
    ]);
    expect(check('JSON_EXTRACT({Data}, {Name})').errors).toEqual([
      { type: 'INVALID_ARG', message: 'JSON_EXTRACT requires the second argument to be a text literal' },
    ]);
  });
  it('gives text when IF branches disagree', () => {
    expect(check('IF({Done}, 1, "x")').type).toBe('string');
  });
});

describe('references, operators and cycles', () => {
  it('finds fields by id or by title and reports unknown ones', () => {
    expect(messages('{c1} + {Price}')).toEqual([]);
    expect(check('{Nope} + nope2').errors).toEqual([
      { type: 'INVALID_COLUMN', message: 'Invalid column name/id "Nope" in formula' },
      { type: 'INVALID_COLUMN', message: 'Invalid column name/id "nope2" in formula' },
    ]);
  });
  it('allows only minus on a numeric literal', () => {
    expect(messages('-5 + 1')).toEqual([]);
    expect(check('-{Price}').errors).toEqual([
      { type: 'NOT_SUPPORTED', message: 'Unary expression is not supported' },
    ]);
    expect(messages('!TRUE()')).toEqual(['Unary expression is not supported']);
    expect(messages('-"a"')).toEqual(['Unary expression is not supported']);
  });
  it('refuses syntax formulas do not have and text that does not parse', () => {
    expect(messages('a.b')).toEqual(['Member access is not supported']);
    expect(check('1 +').errors[0]!.message).toMatch(/^Invalid formula: /);
  });
  it('detects a formula referencing a formula that references it back', () => {
    expect(check('{Ping}').errors).toEqual([
      { type: 'CIRCULAR_REFERENCE', message: 'Circular reference detected' },
    ]);
    expect(messages('{Total} + 1', { selfId: 'c1' })).toEqual([]);
    expect(messages('{c6} + 1', { selfId: 'c6' })).toEqual(['Circular reference detected']);
    const withSelf = [
      ...columns,
      testColumn('c20', 'Self', 'Formula', '{c21}'),
      testColumn('c21', 'Via', 'Formula', '{c6} + {c20}'),
    ];
    expect(checkFormula('{Via}', { columns: withSelf, dialect: 'pg', selfId: 'c20' }).errors).toEqual([
      { type: 'CIRCULAR_REFERENCE', message: 'Circular reference detected' },
    ]);
  });
});

describe('result types', () => {
  it.each([
    ['1 + 2', 'numeric'],
    ['{Price} + {Price}', 'numeric'],
    ['{Price} + {Name}', 'string'],
    ['"a" + 1', 'string'],
    ['{Price} - 1', 'numeric'],
    ['{Price} % 2', 'numeric'],
    ['{Price} > 1', 'boolean'],
    ['{Name} = "x"', 'boolean'],
    ['{Name} & 1', 'string'],
    ['{Done} && {Price} > 2', 'boolean'],
    ['BLANK()', 'null'],
    ['NOW()', 'date'],
    ['DATEADD({Due}, 1, "day")', 'date'],
    ['DATESTR({Due})', 'string'],
    ['IF({Done}, {Price}, BLANK())', 'numeric'],
    ['IF({Done}, BLANK(), "x")', 'string'],
    ['SWITCH({Price}, 1, "one", 2, "two", "many")', 'string'],
    ['SWITCH({Name}, "a", 1, 0)', 'numeric'],
    ['ARRAYUNIQUE({Tags})', 'json'],
    ['{Data}', 'json'],
    ['{Total} * 2', 'numeric'],
    ['{Label}', 'string'],
    ['REGEX_MATCH({Name}, "a")', 'boolean'],
    ['LEN({Label})', 'numeric'],
    ['RECORD_ID()', 'unknown'],
  ])('%s is %s', (formula, type) => {
    const result = check(formula);
    expect(result.errors).toEqual([]);
    expect(result.type).toBe(type);
  });
  it('takes the type of computed fields from the resolver, so chains type-check', () => {
    const resolveType = (c: ColumnMeta) =>
      c.id === 'c10' ? ('string' as const) : c.id === 'c11' ? ('date' as const) : undefined;
    expect(check('UPPER({Tags})', { resolveType }).errors).toEqual([]);
    expect(messages('UPPER({Tags})')).toEqual([
      'Field Tags with Lookup type is found but string type is expected',
    ]);
    expect(messages('ROUND({Sum})', { resolveType })).toEqual([
      'Field Sum with Rollup type is found but numeric type is expected',
    ]);
    expect(messages('ROUND({Label})')).toEqual([
      'Field Label with Formula type is found but numeric type is expected',
    ]);
  });
  it('gives the type of every node and the field of every reference', () => {
    const result = check('CONCAT({Name}, {Price} + 1)');
    const call = result.ast as Extract<typeof result.ast, { type: 'call' }>;
    expect(result.typeOf(call.args[1]!)).toBe('numeric');
    expect(result.columnOf(call.args[0]!)?.id).toBe('c2');
  });
  it('is the same checker for every dialect except availability', () => {
    for (const dialect of FORMULA_DIALECTS)
      expect(check('ROUND({Price} * 2, 1)', { dialect }).errors).toEqual([]);
  });
});
