import { describe, expect, it } from 'vitest';
import { fillTarget } from './grid-clipboard';

describe('fill handle', () => {
  const source = { top: 2, bottom: 3, left: 1, right: 1 };
  it('extends the range along the axis the pointer moved most', () => {
    expect(fillTarget(source, 8, 1)).toEqual({ top: 2, bottom: 8, left: 1, right: 1 });
    expect(fillTarget(source, 0, 1)).toEqual({ top: 0, bottom: 3, left: 1, right: 1 });
    expect(fillTarget(source, 3, 4)).toEqual({ top: 2, bottom: 3, left: 1, right: 4 });
    expect(fillTarget(source, 2, 1)).toEqual(source);
  });
});
