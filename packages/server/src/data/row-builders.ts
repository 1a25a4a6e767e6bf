/**
 * Row objects built by an object literal compiled once per set of keys, instead of one property at a time:
 * a store under a key that changes at every step of a loop goes through V8's slowest (megamorphic) path,
 * while a literal creates the object with all its properties at once. For a 25-row page of 17 fields,
 * about 55–85 µs a page by the loop and 3–7 µs by the literal (docs/performance.md, "Rows built by compiled
 * literals"). Compiling costs more than a few pages, so only builders that are kept (per statement, per
 * projection) are compiled.
 *
 * The generated code holds keys only as JSON string literals (`JSON.stringify`, which JavaScript reads back
 * as the same string) and indexes as numbers; values and decoders are passed in, never written into it.
 */

/** An array of values (in column order) to an object keyed by column name. */
export type ArrayToObject = (values: readonly unknown[]) => Record<string, unknown>;

/** Above this many keys the loop is kept (a literal that large is no faster, and its code is long). */
const MAX_LITERAL_KEYS = 500;

/**
 * A key as the literal writes it. `__proto__: v` in a literal (and `o['__proto__'] = v`) would set the
 * prototype: written as a computed key, it is an own property like any other. A key given twice is fine: the
 * literal keeps its first position and its last value, as better-sqlite3 does.
 */
function literalKey(key: string): string {
  return key === '__proto__' ? `[${JSON.stringify(key)}]` : JSON.stringify(key);
}

/** Sets `row[key]`, as an own property even for `__proto__`. */
function setOwn(row: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(row, key, { value, enumerable: true, writable: true, configurable: true });
  else row[key] = value;
}

/**
 * `values -> { [keys[i]]: values[i] }`, a later key of the same name winning, as better-sqlite3 builds a row.
 * @example arrayToObject(['id', 'title'])([1, 'a']) // { id: 1, title: 'a' }
 */
export function arrayToObject(keys: readonly string[]): ArrayToObject {
  if (keys.length > MAX_LITERAL_KEYS) return arrayToObjectByLoop(keys);
  const body = keys.map((k, i) => `${literalKey(k)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${body} };`) as ArrayToObject;
}

/** The same as `arrayToObject`, one property at a time: for a list of keys met once. */
export function arrayToObjectByLoop(keys: readonly string[]): ArrayToObject {
  const list = [...keys];
  if (list.includes('__proto__')) {
    return (values) => {
      const row: Record<string, unknown> = {};
      for (let c = 0; c < list.length; c++) setOwn(row, list[c]!, values[c]);
      return row;
    };
  }
  return (values) => {
    const row: Record<string, unknown> = {};
    for (let c = 0; c < list.length; c++) row[list[c]!] = values[c];
    return row;
  };
}

/** One field of a decoded row: its key in the raw row and how its value is decoded. */
export interface DecodedField {
  title: string;
  key: string;
  decode: (v: unknown) => unknown;
}

/**
 * `raw -> { [f.title]: f.decode(raw[f.key]) }` for each field in order.
 * @example objectDecoder([{ title: 'Title', key: 'title', decode: String }])({ title: 'a' }) // { Title: 'a' }
 */
export function objectDecoder(
  fields: readonly DecodedField[],
): (raw: Record<string, unknown>) => Record<string, unknown> {
  const list = [...fields];
  if (list.length > MAX_LITERAL_KEYS) {
    return (raw) => {
      const out: Record<string, unknown> = {};
      for (const f of list) setOwn(out, f.title, f.decode(raw[f.key]));
      return out;
    };
  }
  const body = list
    .map((f, i) => `${literalKey(f.title)}: d[${i}](r[${JSON.stringify(f.key)}])`)
    .join(', ');
  const make = new Function('d', `return (r) => ({ ${body} });`) as (
    d: readonly ((v: unknown) => unknown)[],
  ) => (raw: Record<string, unknown>) => Record<string, unknown>;
  return make(list.map((f) => f.decode));
}
