/** Date functions. A `date` argument accepts date fields, date results and text in the date formats of docs/behaviour/formulas.md. */
import type { FunctionDef } from './function-def.js';
import { DATEADD_UNITS, DATETIME_DIFF_UNITS, WEEKDAY_START_DAYS, literalFrom } from './literal-rules.js';

const D = 'date' as const;
const N = 'numeric' as const;
const datePart = (name: string, what: string, example: string): FunctionDef => ({
  name,
  category: 'date',
  description: `The ${what} of the date`,
  syntax: `${name}(date)`,
  example,
  count: { exact: 1 },
  args: [D],
  returns: N,
});

export const DATE_FUNCTIONS: readonly FunctionDef[] = [
  {
    name: 'NOW',
    category: 'date',
    description: 'The current date and time',
    syntax: 'NOW()',
    example: 'NOW()',
    count: { exact: 0 },
    args: [],
    returns: D,
  },
  {
    name: 'DATEADD',
    category: 'date',
    description: 'The date moved by a number of days, weeks, months or years',
    syntax: 'DATEADD(date, count, "day" | "week" | "month" | "year")',
    example: 'DATEADD({Due}, 7, "day")',
    count: { exact: 3 },
    args: [D, N, 'string'],
    returns: D,
    validate: literalFrom('DATEADD', 2, 'third', DATEADD_UNITS, false),
  },
  {
    name: 'DATETIME_DIFF',
    category: 'date',
    description: 'The first date minus the second, in whole units (default seconds)',
    syntax: 'DATETIME_DIFF(date1, date2, ["ms" | "s" | "m" | "h" | "d" | "w" | "M" | "Q" | "y"])',
    example: 'DATETIME_DIFF({End}, {Start}, "days")',
    count: { min: 2, max: 3 },
    args: [D, D, 'string'],
    returns: N,
    validate: literalFrom('DATETIME_DIFF', 2, 'third', Object.keys(DATETIME_DIFF_UNITS), true),
  },
  {
    name: 'WEEKDAY',
    category: 'date',
    description: 'Day of the week, 0 to 6, counted from the start day (default monday)',
    syntax: 'WEEKDAY(date, [start day])',
    example: 'WEEKDAY("2024-01-07", "sunday") => 0',
    count: { min: 1, max: 2 },
    args: [D, 'string'],
    returns: N,
    validate: literalFrom('WEEKDAY', 1, 'second', WEEKDAY_START_DAYS, false),
  },
  {
    name: 'DATESTR',
    category: 'date',
    description: 'The date as text YYYY-MM-DD',
    syntax: 'DATESTR(date)',
    example: 'DATESTR(NOW())',
    count: { exact: 1 },
    args: [D],
    returns: 'string',
  },
  datePart('DAY', 'day of the month (1-31)', 'DAY("2024-03-15") => 15'),
  datePart('MONTH', 'month (1-12)', 'MONTH("2024-03-15") => 3'),
  datePart('YEAR', 'year', 'YEAR("2024-03-15") => 2024'),
  datePart('HOUR', 'hour (0-23)', 'HOUR("2024-03-15 10:30") => 10'),
];
