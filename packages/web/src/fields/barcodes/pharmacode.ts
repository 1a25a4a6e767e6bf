/**
 * Pharmacode (one-track, Laetus): a whole number from 3 to 131070 as narrow and wide bars. Read right to left, a
 * narrow bar in place i adds 2^i and a wide bar 2 × 2^i. Narrow bars 1 module, wide 3, spaces 2.
 */
export const PHARMACODE_MIN = 3;
export const PHARMACODE_MAX = 131_070;

const NARROW = 1;
const WIDE = 3;
const SPACE = 2;

/** The bars of a Pharmacode, or undefined when the text is not a whole number in range. */
export function pharmacodeWidths(text: string): number[] | undefined {
  if (!/^\d{1,6}$/.test(text)) return undefined;
  let n = Number(text);
  if (n < PHARMACODE_MIN || n > PHARMACODE_MAX) return undefined;
  const bars: number[] = [];
  while (n > 0) {
    if (n % 2 === 0) {
      bars.unshift(WIDE);
      n = (n - 2) / 2;
    } else {
      bars.unshift(NARROW);
      n = (n - 1) / 2;
    }
  }
  return bars.flatMap((b, i) => (i ? [SPACE, b] : [b]));
}
