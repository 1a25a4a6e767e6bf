/**
 * MSI (Modified Plessey): each digit as 4 binary-coded bits, a 1 bit a wide bar and narrow space, a 0 bit a
 * narrow bar and wide space (wide = 2 modules, narrow = 1); a start bit of 1 before and a 1-0-0-1 stop after.
 * A Luhn modulo-10 check digit is appended.
 */
import { luhnCheckDigit } from './check-digits';

const ONE = [2, 1];
const ZERO = [1, 2];
const START = [2, 1];
const STOP = [1, 2, 1];

/** MSI of a string of digits with its mod 10 check digit, or undefined when it holds anything else. */
export function msiWidths(text: string): number[] | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const out = [...START];
  for (const d of text + luhnCheckDigit(text)) {
    const bits = Number(d).toString(2).padStart(4, '0');
    for (const bit of bits) out.push(...(bit === '1' ? ONE : ZERO));
  }
  out.push(...STOP);
  return out;
}
