/**
 * A streaming reader of JSON import files: a top-level array is cut into its elements as the text streams in
 * (strings, escapes and nesting followed character by character), and each element is parsed on its own with
 * JSON.parse, so a file of any size is read with one record in memory at a time. A top-level object is one
 * record. Anything else, or text past the end of the value, is "not valid JSON" with the character position.
 * See docs/imports.md.
 */
import { flattenRecord } from '@rowbase/core/import/import-plan';
import { textStream } from './csv-batches.js';

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d, 0xfeff]);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** Records per batch. */
const BATCH = 1000;

const invalid = (why: string, at: number) =>
  new Error(`The file is not valid JSON: ${why} at position ${at}`);

const enum State {
  /** Before the top-level value. */
  Start,
  /** Inside the array, where an element (or `]` for an empty array) comes. */
  BeforeElement,
  /** Inside an element. */
  InElement,
  /** After an element, where `,` or `]` comes. */
  AfterElement,
  /** Inside the one top-level object. */
  InObject,
  /** After the top-level value: whitespace only. */
  End,
}

/** The records of a JSON file (an array of objects, or one object), in batches. */
export async function* jsonRecordBatches(path: string): AsyncGenerator<Record<string, unknown>[]> {
  let state = State.Start as State;
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** The current element is not an object or array. */
  let scalar = false;
  /** The current element's text from earlier chunks. */
  let parts: string[] = [];
  let offset = 0;
  let elements = 0;
  let batch: Record<string, unknown>[] = [];

  const record = (text: string): Record<string, unknown> => {
    elements++;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new Error(`The file is not valid JSON: record ${elements}: ${(err as Error).message}`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Error(`Record ${elements} of the JSON file is not an object`);
    return value as Record<string, unknown>;
  };

  for await (const chunk of (await textStream(path)) as AsyncIterable<string>) {
    let start = state === State.InElement || state === State.InObject ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (state === State.InElement || state === State.InObject) {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === BACKSLASH) escaped = true;
          else if (c === QUOTE) inString = false;
          continue;
        }
        if (c === QUOTE) {
          inString = true;
          continue;
        }
        if (scalar) {
          // A scalar element (refused: not an object) ends at whitespace or the array's next separator.
          if (c !== COMMA && c !== CLOSE_BRACKET && !WHITESPACE.has(c)) continue;
          batch.push(record(parts.join('') + chunk.slice(start, i)));
          parts = [];
          state = State.AfterElement;
          i--;
          continue;
        }
        if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
        else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
        if (depth > 0) continue;
        batch.push(record(parts.join('') + chunk.slice(start, i + 1)));
        parts = [];
        state = state === State.InObject ? State.End : State.AfterElement;
        continue;
      }
      if (WHITESPACE.has(c)) continue;
      if (state === State.Start) {
        if (c === OPEN_BRACKET) state = State.BeforeElement;
        else if (c === OPEN_BRACE) {
          state = State.InObject;
          scalar = false;
          depth = 0;
          start = i;
          i--;
        } else throw invalid('expected an array of records or one record', offset + i);
      } else if (state === State.BeforeElement) {
        if (c === CLOSE_BRACKET && elements === 0) state = State.End;
        else if (c === CLOSE_BRACKET || c === COMMA) throw invalid(`unexpected '${chunk[i]}'`, offset + i);
        else {
          state = State.InElement;
          scalar = c !== OPEN_BRACE && c !== OPEN_BRACKET;
          depth = 0;
          start = i;
          i--;
        }
      } else if (state === State.AfterElement) {
        if (c === COMMA) state = State.BeforeElement;
        else if (c === CLOSE_BRACKET) state = State.End;
        else throw invalid(`expected ',' or ']' but found '${chunk[i]}'`, offset + i);
      } else {
        throw invalid(`unexpected '${chunk[i]}' after the end of the records`, offset + i);
      }
    }
    if ((state === State.InElement || state === State.InObject) && start >= 0) parts.push(chunk.slice(start));
    offset += chunk.length;
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (state !== State.End) throw invalid('the file ends before the records do', offset);
  if (batch.length) yield batch;
  if (elements === 0) throw new Error('The JSON file holds no records');
}

/**
 * A JSON file as rows of cells, the header row first: the keys of every record (nested ones flattened when
 * asked) in first-seen order. The file is streamed twice, once for the keys and once for the rows, so neither
 * pass holds more than a batch of records.
 */
export async function* jsonRowBatches(path: string, normalizeNested: boolean): AsyncGenerator<unknown[][]> {
  const keys = new Set<string>();
  for await (const records of jsonRecordBatches(path))
    for (const r of records) for (const k of Object.keys(flattenRecord(r, normalizeNested))) keys.add(k);
  const header = [...keys];
  yield [header];
  for await (const records of jsonRecordBatches(path))
    yield records.map((r) => {
      const flat = flattenRecord(r, normalizeNested);
      return header.map((k) => flat[k]);
    });
}
