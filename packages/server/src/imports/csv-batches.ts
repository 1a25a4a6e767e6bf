/**
 * CSV and TSV read fast: papaparse on the file stream with its `chunk` callback, so rows arrive in batches of a
 * stream chunk each (one callback per 64 KiB instead of one promise per row). The file stream is paused while
 * batches wait to be taken, so memory stays flat however big the file is. The text may be UTF-8 (with or
 * without a BOM), UTF-16 with a BOM, or Latin-1. See docs/imports.md.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import Papa from 'papaparse';
import { growingFileChunks, waitForBytes } from './growing-upload.js';

/** Bytes looked at to tell UTF-8 from a single-byte encoding. */
const SNIFF_BYTES = 64 * 1024;

/**
 * The text encoding of a file: UTF-16 (little or big endian) by its byte-order mark, UTF-8 with or without
 * one, and windows-1252 (Latin-1) when the first 64 KiB are not valid UTF-8.
 */
export async function encodingOf(
  path: string,
  growing?: SharedArrayBuffer,
): Promise<'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'> {
  // An upload still arriving: its first 64 KiB (or all of it, if shorter) first.
  if (growing) await waitForBytes(growing, SNIFF_BYTES);
  const file = await open(path, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(buf, 0, SNIFF_BYTES, 0);
    const head = buf.subarray(0, bytesRead);
    if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
    if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
    try {
      // `stream: true`: a character cut at the end of the sample is not an error.
      new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
      return 'utf-8';
    } catch {
      return 'windows-1252';
    }
  } finally {
    await file.close();
  }
}

/** Bytes read at a time. */
const CHUNK_BYTES = 256 * 1024;

/**
 * The file as a stream of text in the encoding it is written in. `growing`: the file is an upload still
 * arriving (`growing-upload.ts`), read as it arrives.
 */
export async function textStream(path: string, growing?: SharedArrayBuffer): Promise<Readable> {
  const encoding = await encodingOf(path, growing);
  if (encoding === 'utf-8' && !growing)
    return createReadStream(path, { encoding: 'utf8', highWaterMark: CHUNK_BYTES });
  const chunks = growing
    ? growingFileChunks(path, growing, CHUNK_BYTES)
    : (createReadStream(path, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>);
  // UTF-8 through Node's own decoder (as `createReadStream`'s `encoding` does): TextDecoder's took 4 times the
  // CPU (about 160 against 40 ms for 125 MB), on the thread that parses an upload while it arrives. A BOM is
  // kept either way and dropped by the CSV reader.
  if (encoding === 'utf-8') {
    const utf8 = new StringDecoder('utf8');
    return Readable.from(
      (async function* () {
        for await (const chunk of chunks) yield utf8.write(chunk);
        yield utf8.end();
      })(),
    );
  }
  const decoder = new TextDecoder(encoding);
  return Readable.from(
    (async function* () {
      for await (const chunk of chunks) yield decoder.decode(chunk, { stream: true });
      yield decoder.decode();
    })(),
  );
}

/** Batches waiting to be taken before the file stream is paused. */
const HIGH_WATER = 8;

/** The rows of a CSV (or TSV) file in batches, the header row first; a leading BOM is dropped. */
export async function* csvBatches(
  path: string,
  delimiter: '' | '\t',
  growing?: SharedArrayBuffer,
): AsyncGenerator<string[][]> {
  const stream = await textStream(path, growing);
  const queue: string[][][] = [];
  let done = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  let parser: Papa.Parser | undefined;
  const signal = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  let first = true;
  Papa.parse(stream as unknown as File, {
    delimiter,
    // Rows of blank cells are dropped below: papaparse's 'greedy' does it by joining every row's cells.
    skipEmptyLines: true,
    chunk: (result: Papa.ParseResult<string[]>, p: Papa.Parser) => {
      parser = p;
      const rows = withoutBlankRows(result.data);
      if (first && rows.length && typeof rows[0]![0] === 'string') {
        rows[0]![0] = rows[0]![0].replace(/^\uFEFF/, '');
        first = false;
      }
      if (rows.length) queue.push(rows);
      if (queue.length >= HIGH_WATER) stream.pause();
      signal();
    },
    complete: () => {
      done = true;
      signal();
    },
    error: (err: Error) => {
      failure = err;
      done = true;
      signal();
    },
  });
  try {
    for (;;) {
      const rows = queue.shift();
      if (rows) {
        if (queue.length < HIGH_WATER / 2 && stream.isPaused()) stream.resume();
        yield rows;
        continue;
      }
      if (failure) throw failure;
      if (done) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    if (!done) parser?.abort();
    stream.destroy();
  }
}

/** The rows that have a cell with more than white space, in place. */
function withoutBlankRows(rows: string[][]): string[][] {
  let kept = 0;
  for (const row of rows) if (row.some((cell) => cell.trim() !== '')) rows[kept++] = row;
  rows.length = kept;
  return rows;
}

/**
 * Line breaks in a file, counted on its bytes: the number of rows of a CSV whose cells hold no line breaks
 * (a final line without one counts too). Used for "N of T rows" without parsing the file twice.
 */
export async function countLines(path: string): Promise<number> {
  let lines = 0;
  let last = 0x0a;
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) lines++;
    if (chunk.length) last = chunk[chunk.length - 1]!;
  }
  return last === 0x0a ? lines : lines + 1;
}
