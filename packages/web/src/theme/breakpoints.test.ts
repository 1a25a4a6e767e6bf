/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../index.css', import.meta.url), 'utf8');

describe('breakpoints', () => {
  it('are pinned to sm 640, md 768, lg 1024, xl 1280, 2xl 1536', () => {
    const found = Object.fromEntries(
      [...css.matchAll(/--breakpoint-(\w+):\s*(\d+)px/g)].map((m) => [m[1], Number(m[2])]),
    );
    expect(found).toEqual({ sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 });
  });
});
