/**
 * Display texts of cell values, computed once per (column, value) rather than on every frame: formatting a
 * currency or a date allocates, and a scrolling frame must not. Primitive values are keyed in a Map per column,
 * objects (arrays of links, attachments) in a WeakMap. Bounded per column.
 */
const LIMIT = 5_000;

export class DisplayCache {
  private primitives: Map<unknown, string>[] = [];
  private objects: WeakMap<object, string>[] = [];

  text(col: number, value: unknown, format: (v: unknown) => string): string {
    if (value === null || value === undefined) return '';
    if (typeof value === 'object') {
      const map = (this.objects[col] ??= new WeakMap());
      let s = map.get(value);
      if (s === undefined) map.set(value, (s = format(value)));
      return s;
    }
    const map = (this.primitives[col] ??= new Map());
    let s = map.get(value);
    if (s === undefined) {
      if (map.size > LIMIT) map.clear();
      map.set(value, (s = format(value)));
    }
    return s;
  }

  /** Forget everything (a column's format options changed). */
  clear(): void {
    this.primitives = [];
    this.objects = [];
  }
}
