/**
 * Codabar: digits and - $ : / . + between start and stop letters A–D (A…A added when the text has none), each
 * character 4 bars and 3 spaces, narrow spaces between characters.
 */
import { wideNarrow } from './wide-narrow';

/** The 7 elements (bar, space, bar, ...; 1 = wide) of every character. */
// prettier-ignore
const PATTERNS: Record<string, string> = {
  '0': '0000011', '1': '0000110', '2': '0001001', '3': '1100000', '4': '0010010',
  '5': '1000010', '6': '0100001', '7': '0100100', '8': '0110000', '9': '1001000',
  '-': '0001100', $: '0011000', ':': '1000101', '/': '1010001', '.': '1010100', '+': '0010101',
  A: '0011010', B: '0101001', C: '0001011', D: '0001110',
};

const isEnd = (ch: string | undefined) => !!ch && /^[A-D]$/i.test(ch);

/** Whether a character can be data (not a start/stop letter) in Codabar. */
export const codabarEncodes = (ch: string): boolean => ch in PATTERNS && !isEnd(ch);

/**
 * The text as Codabar draws it: start and stop letters upper-cased, A…A around text without them; undefined
 * when only one end has a letter or a character is not Codabar's.
 */
export function codabarText(text: string): string | undefined {
  const starts = isEnd(text[0]);
  const ends = text.length > 1 && isEnd(text[text.length - 1]);
  if (starts !== ends) return undefined;
  const data = starts ? text.slice(1, -1) : text;
  if (![...data].every(codabarEncodes)) return undefined;
  return starts ? `${text[0]!.toUpperCase()}${data}${text[text.length - 1]!.toUpperCase()}` : `A${data}A`;
}

/** Codabar of `text`, or undefined when it cannot hold it. */
export function codabarWidths(text: string): number[] | undefined {
  const full = text ? codabarText(text) : undefined;
  if (!full) return undefined;
  const out: number[] = [];
  for (const ch of full) {
    if (out.length) out.push(1);
    out.push(...wideNarrow(PATTERNS[ch]!));
  }
  return out;
}

/** The pattern table, for tests checking its structure. */
export const CODABAR_PATTERNS: Readonly<Record<string, string>> = PATTERNS;
