/**
 * ITF-14: 14 digits (the last a GS1 check digit) in Interleaved 2 of 5. Each digit is 5 elements, 2 wide; digits
 * go in pairs, the first drawn by the bars and the second by the spaces between them. Start narrow
 * bar-space-bar-space, stop wide bar, narrow space, narrow bar. (The bearer bars of printed labels are left out.)
 */
import { withGs1Check } from './check-digits';
import { WIDE } from './wide-narrow';

/** The 5 elements of each digit, 1 = wide. */
const DIGITS = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'];

const START = [1, 1, 1, 1];
const STOP = [WIDE, 1, 1];

const width = (e: string | undefined) => (e === '1' ? WIDE : 1);

/** ITF-14 from 13 digits (check digit added) or 14 (check digit verified), or undefined. */
export function itf14Widths(text: string): number[] | undefined {
  const full = withGs1Check(text, 13);
  if (!full) return undefined;
  const out = [...START];
  for (let i = 0; i < full.length; i += 2) {
    const bars = DIGITS[Number(full[i])]!;
    const spaces = DIGITS[Number(full[i + 1])]!;
    for (let k = 0; k < 5; k++) out.push(width(bars[k]), width(spaces[k]));
  }
  out.push(...STOP);
  return out;
}
