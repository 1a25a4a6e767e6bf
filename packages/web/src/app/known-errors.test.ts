import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, isKnownDisplayError, reloadForChunkError } from './known-errors';

describe('known errors', () => {
  it('recognises chunk load failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('recognises the three display errors', () => {
    const insert = new Error("Failed to execute 'insertBefore' on 'Node'");
    insert.name = 'NotFoundError';
    expect(isKnownDisplayError(insert)).toBe(true);
    expect(isKnownDisplayError(new Error('The object can not be found here.'))).toBe(true);
    expect(isKnownDisplayError(new TypeError("Cannot read properties of null (reading 'parentNode')"))).toBe(
      true,
    );
    expect(isKnownDisplayError(new Error('insertBefore'))).toBe(false);
  });

  it('reloads at most once per 10 seconds', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    const reload = vi.fn();
    expect(reloadForChunkError(storage, 100_000, reload)).toBe(true);
    expect(reloadForChunkError(storage, 105_000, reload)).toBe(false);
    expect(reloadForChunkError(storage, 110_001, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
