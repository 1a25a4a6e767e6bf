/**
 * JSON exports: a view's (or a table's) rows as one JSON array, streamed a batch at a time, each row an object
 * of the exported fields in their order with the values exactly as the records API returns them (numbers,
 * booleans, dates as text, attachments and links as their JSON). See docs/imports.md (Exports).
 */
import { Readable } from 'node:stream';

/**
 * The rows as the text of one JSON array, one row a line; each row is an array of values with `titles`, and
 * `keys` are the titles written, in order.
 */
export function jsonArrayStream(
  keys: readonly string[],
  titles: readonly string[],
  batches: AsyncIterable<unknown[][]>,
): Readable {
  const at = keys.map((k) => titles.indexOf(k));
  async function* text() {
    yield '[';
    let first = true;
    for await (const rows of batches) {
      const parts: string[] = [];
      for (const row of rows) {
        const out: Record<string, unknown> = {};
        keys.forEach((k, i) => (out[k] = row[at[i]!] ?? null));
        parts.push((first ? '\n' : ',\n') + JSON.stringify(out));
        first = false;
      }
      yield parts.join('');
    }
    yield first ? ']' : '\n]\n';
  }
  return Readable.from(text());
}
