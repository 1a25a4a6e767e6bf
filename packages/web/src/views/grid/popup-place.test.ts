import { describe, expect, it } from 'vitest';
import { placePopup } from './popup-place';

describe('placePopup', () => {
  it('keeps the popup on its cell when it fits', () => {
    expect(placePopup({ x: 100, y: 40, w: 200, h: 32 }, 320, 300, 1000, 600)).toEqual({ x: 100, y: 40 });
  });

  it('moves a popup of the last visible column left to stay inside the grid', () => {
    expect(placePopup({ x: 900, y: 40, w: 200, h: 32 }, 320, 300, 1000, 600)).toEqual({ x: 676, y: 40 });
  });

  it('moves a popup of a bottom row up, never above the top', () => {
    expect(placePopup({ x: 10, y: 500, w: 200, h: 32 }, 320, 300, 1000, 600)).toEqual({ x: 10, y: 296 });
    expect(placePopup({ x: 10, y: 100, w: 200, h: 32 }, 320, 900, 1000, 600)).toEqual({ x: 10, y: 0 });
  });
});
