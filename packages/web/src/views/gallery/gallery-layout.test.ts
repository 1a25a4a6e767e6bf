import { describe, expect, it } from 'vitest';
import { galleryLayout, visibleRange } from './gallery-layout';

describe('gallery layout', () => {
  it('fits as many cards as the width holds and grows rows with the fields shown', () => {
    const l = galleryLayout(1000, 2, true);
    expect(l.perRow).toBe(4);
    expect(l.cardWidth * l.perRow + l.gap * (l.perRow + 1)).toBeLessThanOrEqual(1000);
    expect(galleryLayout(1000, 3, true).rowHeight).toBeGreaterThan(l.rowHeight);
    expect(galleryLayout(100, 0, false).perRow).toBe(1);
  });

  it('renders the rows on screen and one screen either side, never past the end', () => {
    const l = galleryLayout(1000, 0, false);
    const r = visibleRange(l, 100 * l.rowHeight, 5 * l.rowHeight, 100_000);
    expect(r.from).toBe(95 * l.perRow);
    expect(r.to).toBe(110 * l.perRow);
    expect(visibleRange(l, 0, 800, 7)).toEqual({ from: 0, to: 7 });
  });
});
