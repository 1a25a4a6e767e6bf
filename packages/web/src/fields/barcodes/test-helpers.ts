/** Shared checks of the barcode tests: total modules, and the bar/space shape every encoder returns. */
export const modules = (widths: readonly number[]) => widths.reduce((a, b) => a + b, 0);

/** Widths start and end with a bar (an odd count) and every element is at least a module wide. */
export const isBarShape = (widths: readonly number[]) =>
  widths.length % 2 === 1 && widths.every((w) => w >= 1);
