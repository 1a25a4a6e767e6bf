import { describe, expect, it } from 'vitest';
import { arrayToObject, arrayToObjectByLoop, objectDecoder } from './row-builders.js';

/** Keys that a compiled literal could get wrong if it wrote them into its code as they are. */
const ODD_KEYS = [
  'Id',
  'a"b',
  'back\\slash',
  "it's",
  'line\u2028break',
  'new\nline',
  '${x}',
  '}); throw 1; ({',
  'constructor',
  'toString',
  '10',
  '2',
  '',
  'Été',
];

describe('row builders', () => {
  it('builds the same objects as one property at a time, odd keys included', () => {
    const values = ODD_KEYS.map((k, i) => (i % 2 ? `${k}!` : i));
    const built = arrayToObject(ODD_KEYS)(values);
    const looped = arrayToObjectByLoop(ODD_KEYS)(values);
    expect(built).toEqual(looped);
    // Integer-like keys first, then the others in order: the same as the loop.
    expect(Object.keys(built)).toEqual(Object.keys(looped));
    expect(JSON.stringify(built)).toBe(JSON.stringify(looped));
    expect(built['}); throw 1; ({']).toBe(values[7]);
    expect(Object.getPrototypeOf(built)).toBe(Object.prototype);
  });

  it('keeps the last value of a key given twice, at its first position, as better-sqlite3 does', () => {
    const row = arrayToObject(['id', 'title', 'id'])([1, 'a', 2]);
    expect(Object.keys(row)).toEqual(['id', 'title']);
    expect(row.id).toBe(2);
  });

  it('makes `__proto__` an own property instead of the prototype', () => {
    const row = arrayToObject(['id', '__proto__'])([1, { polluted: true }]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row)).toEqual(['id', '__proto__']);
    expect((row as { polluted?: unknown }).polluted).toBeUndefined();
    const decoded = objectDecoder([{ title: '__proto__', key: 'x', decode: (v) => v }])({ x: { polluted: true } });
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.keys(decoded)).toEqual(['__proto__']);
  });

  it('decodes each field from its key under its title, in order', () => {
    const fields = ODD_KEYS.map((title, i) => ({
      title,
      key: `__rb_${ODD_KEYS[(i + 3) % ODD_KEYS.length]}`,
      decode: (v: unknown) => (typeof v === 'number' ? v * 10 : v),
    }));
    const raw: Record<string, unknown> = {};
    ODD_KEYS.forEach((k, i) => (raw[`__rb_${k}`] = i));
    const decoded = objectDecoder(fields)(raw);
    expect(Object.keys(decoded)).toEqual(Object.keys(arrayToObjectByLoop(ODD_KEYS)(ODD_KEYS)));
    fields.forEach((f) => expect(decoded[f.title]).toBe((raw[f.key] as number) * 10));
  });

  it('builds rows of many columns too', () => {
    const keys = Array.from({ length: 700 }, (_, i) => `c${i}`);
    const values = keys.map((_, i) => i);
    expect(arrayToObject(keys)(values)).toEqual(arrayToObjectByLoop(keys)(values));
  });
});
