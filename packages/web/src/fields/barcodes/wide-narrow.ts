/** Symbologies of wide and narrow elements (Code 39, ITF, Codabar) draw wide elements 3 modules wide. */
export const WIDE = 3;

/** A pattern of 1 (wide) and 0 (narrow) elements to widths in modules. */
export const wideNarrow = (pattern: string): number[] => [...pattern].map((e) => (e === '1' ? WIDE : 1));
