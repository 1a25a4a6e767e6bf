/**
 * Code 39: each character 5 bars and 4 spaces, 3 of them wide, between `*` start and stop characters, with a
 * narrow space between characters. Upper-case letters, digits, space and - . $ / + %; lower-case letters are
 * read as upper-case (Code 39 has none of its own). No check character (it is optional in the standard).
 */
import { wideNarrow } from './wide-narrow';

/** The 9 elements (bar, space, bar, ...; 1 = wide) of every character. */
// prettier-ignore
const PATTERNS: Record<string, string> = {
  '1': '100100001', '2': '001100001', '3': '101100000', '4': '000110001', '5': '100110000',
  '6': '001110000', '7': '000100101', '8': '100100100', '9': '001100100', '0': '000110100',
  A: '100001001', B: '001001001', C: '101001000', D: '000011001', E: '100011000',
  F: '001011000', G: '000001101', H: '100001100', I: '001001100', J: '000011100',
  K: '100000011', L: '001000011', M: '101000010', N: '000010011', O: '100010010',
  P: '001010010', Q: '000000111', R: '100000110', S: '001000110', T: '000010110',
  U: '110000001', V: '011000001', W: '111000000', X: '010010001', Y: '110010000',
  Z: '011010000', '-': '010000101', '.': '110000100', ' ': '011000100', '*': '010010100',
  $: '010101000', '/': '010100010', '+': '010001010', '%': '000101010',
};

/** The characters Code 39 can hold in its data (everything but the `*` delimiter). */
export const code39Encodes = (ch: string): boolean => ch !== '*' && ch.toUpperCase() in PATTERNS;

/** Code 39 of `text`, or undefined when a character has no Code 39 pattern. */
export function code39Widths(text: string): number[] | undefined {
  if (!text || ![...text].every(code39Encodes)) return undefined;
  const out: number[] = [];
  for (const ch of `*${text.toUpperCase()}*`) {
    if (out.length) out.push(1); // the narrow gap between characters
    out.push(...wideNarrow(PATTERNS[ch]!));
  }
  return out;
}

/** The pattern table, for tests checking its structure. */
export const CODE39_PATTERNS: Readonly<Record<string, string>> = PATTERNS;
