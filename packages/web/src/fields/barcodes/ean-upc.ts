/**
 * The EAN/UPC family: UPC-A, EAN-13 and EAN-8 (guard bars around two halves of 7-module digits, the last digit a
 * GS1 check digit), and the EAN-5 and EAN-2 add-ons (digits joined by separators, their parity encoding a
 * checksum). Widths alternate bar and space in modules, starting with a bar.
 */
import { withGs1Check } from './check-digits';

/** Widths of each digit in the odd-parity left set L (space, bar, space, bar); 7 modules each. */
const L = ['3211', '2221', '2122', '1411', '1132', '1231', '1114', '1312', '1213', '3112'];

/** The widths of a digit in set L, G (even parity: L's widths reversed) or R (L's widths, read bar first). */
function digitWidths(digit: string, set: 'L' | 'G' | 'R'): number[] {
  const widths = [...L[Number(digit)]!].map(Number);
  return set === 'G' ? widths.reverse() : widths;
}

/** EAN-13's first digit, carried by the parity (L or G) of the six left-hand digits. */
const EAN13_PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

const EDGE_GUARD = [1, 1, 1];
const CENTRE_GUARD = [1, 1, 1, 1, 1];

/** Guard, left digits in their parities, centre guard, right digits in set R, guard. */
function twoHalves(left: string, parity: string, right: string): number[] {
  const out = [...EDGE_GUARD];
  [...left].forEach((d, i) => out.push(...digitWidths(d, parity[i] as 'L' | 'G')));
  out.push(...CENTRE_GUARD);
  for (const d of right) out.push(...digitWidths(d, 'R'));
  out.push(...EDGE_GUARD);
  return out;
}

/** EAN-13 from 12 digits (check digit added) or 13 (check digit verified): 95 modules. */
export function ean13Widths(text: string): number[] | undefined {
  const full = withGs1Check(text, 12);
  if (!full) return undefined;
  return twoHalves(full.slice(1, 7), EAN13_PARITY[Number(full[0])]!, full.slice(7));
}

/** UPC-A from 11 digits (check digit added) or 12 (verified): EAN-13 with a leading 0, 95 modules. */
export function upcWidths(text: string): number[] | undefined {
  const full = withGs1Check(text, 11);
  if (!full) return undefined;
  return twoHalves(full.slice(0, 6), 'LLLLLL', full.slice(6));
}

/** EAN-8 from 7 digits (check digit added) or 8 (verified): 67 modules. */
export function ean8Widths(text: string): number[] | undefined {
  const full = withGs1Check(text, 7);
  if (!full) return undefined;
  return twoHalves(full.slice(0, 4), 'LLLL', full.slice(4));
}

/** EAN-5's checksum (3 × odd positions + 9 × even positions, mod 10) picks the parity of its digits. */
const EAN5_PARITY = [
  'GGLLL',
  'GLGLL',
  'GLLGL',
  'GLLLG',
  'LGGLL',
  'LLGGL',
  'LLLGG',
  'LGLGL',
  'LGLLG',
  'LLGLG',
];

/** EAN-2's value modulo 4 picks the parity of its two digits. */
const EAN2_PARITY = ['LL', 'LG', 'GL', 'GG'];

/** An add-on: the 1011 start, then each digit in its parity, a 01 separator between digits. */
function addOn(digits: string, parity: string): number[] {
  const out = [1, 1, 2];
  [...digits].forEach((d, i) => {
    if (i > 0) out.push(1, 1);
    out.push(...digitWidths(d, parity[i] as 'L' | 'G'));
  });
  return out;
}

/** The EAN-5 add-on of exactly 5 digits: 47 modules. */
export function ean5Widths(text: string): number[] | undefined {
  if (!/^\d{5}$/.test(text)) return undefined;
  const d = [...text].map(Number);
  const checksum = (3 * (d[0]! + d[2]! + d[4]!) + 9 * (d[1]! + d[3]!)) % 10;
  return addOn(text, EAN5_PARITY[checksum]!);
}

/** The EAN-2 add-on of exactly 2 digits: 20 modules. */
export function ean2Widths(text: string): number[] | undefined {
  if (!/^\d{2}$/.test(text)) return undefined;
  return addOn(text, EAN2_PARITY[Number(text) % 4]!);
}
