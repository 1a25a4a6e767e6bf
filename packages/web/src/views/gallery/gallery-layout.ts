/**
 * Where gallery cards go: as many fixed-width cards per row as the width holds, each row as tall as a card
 * with its cover and fields, and which cards a scroll position shows (plus one screen ahead either way, so
 * fast scrolling finds them rendered and their pages read).
 */
export interface GalleryLayout {
  perRow: number;
  cardWidth: number;
  rowHeight: number;
  gap: number;
}

const MIN_CARD = 220;
const GAP = 12;
const COVER = 128;
const TITLE = 36;
const FIELD = 36;

/** The height a card takes with the gap below it: every card of a view is as tall (its texts are one line). */
export function cardSlot(fieldCount: number, hasCover: boolean, gap = GAP): number {
  return (hasCover ? COVER : 0) + TITLE + fieldCount * FIELD + 16 + gap;
}

export function galleryLayout(width: number, fieldCount: number, hasCover: boolean): GalleryLayout {
  const perRow = Math.max(1, Math.floor((width - GAP) / (MIN_CARD + GAP)));
  const cardWidth = Math.floor((width - GAP) / perRow) - GAP;
  return { perRow, cardWidth, rowHeight: cardSlot(fieldCount, hasCover), gap: GAP };
}

/** The indexes [from, to) of the cards to render for a scroll position. */
export function visibleRange(
  layout: GalleryLayout,
  scrollTop: number,
  height: number,
  total: number,
): { from: number; to: number } {
  const firstRow = Math.max(0, Math.floor((scrollTop - height) / layout.rowHeight));
  const lastRow = Math.ceil((scrollTop + 2 * height) / layout.rowHeight);
  return { from: Math.min(total, firstRow * layout.perRow), to: Math.min(total, lastRow * layout.perRow) };
}
