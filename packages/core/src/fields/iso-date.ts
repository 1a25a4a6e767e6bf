/**
 * Calendar arithmetic shared by the date checks, without a Date object per value (an import checks a million
 * dates): days in a month, and the fast read of text written exactly as `YYYY-MM-DD`.
 */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Whether day `d` of month `m` (1–12) exists in year `y`. */
export function isCalendarDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= (m === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[m - 1]!);
}

/** Positions of the digits in `YYYY-MM-DD`. */
const DIGITS = [0, 1, 2, 3, 5, 6, 8, 9];

/**
 * Text of exactly ten characters `DDDD-DD-DD` (ASCII digits) as `y * 10000 + m * 100 + d`; -1 for any other
 * text. The date is not checked.
 * @example exactIsoDate('2024-02-30') // 20240230
 */
export function exactIsoDate(s: string): number {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return -1;
  let n = 0;
  for (const i of DIGITS) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}
