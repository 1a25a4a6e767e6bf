/**
 * The reader thread of one export on embedded SQLite (docs/imports.md, Exports): its own read-only connection
 * runs the export's one SELECT and steps through it, posting the rows as arrays of column values (no per-row
 * objects) a batch at a time, each batch only when the main thread asks for it. The statement stays open
 * between batches, so the whole export reads one snapshot, and the next batch is read while the main thread
 * formats the last one. When every column is a stored field, this thread writes the file's CSV lines or sheet
 * rows itself and the main thread only forwards bytes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ValueKind } from '@rowbase/core/fields/field-type';
import { constants, crc32, createDeflateRaw } from 'node:zlib';
import Database from 'better-sqlite3';
import { decoderOf } from '../cell-codec.js';
import { registerSqliteFormulaFunctions } from '../formula/sqlite-functions.js';
import { csvLinesWriter, type CsvColumn } from './csv-cells.js';
import { rowsXml, sheetCellsWriter } from './sheet-xml.js';
import { serveSplit, type SplitRead } from './split-reader.js';

export interface ExportWorkerData {
  file: string;
  sql: string;
  params: unknown[];
  /** Rows a batch. */
  batch: number;
  /**
   * Set when this thread writes the export's CSV lines or xlsx sheet rows itself (every column a stored field,
   * decoded by its kind): each batch then crosses as UTF-8 bytes, moved, not copied.
   */
  write?: ReaderWrite;
  /** Set for one of the two threads of a CSV export split by row order ranges (split-reader.ts); needs `write`. */
  split?: SplitRead;
  /**
   * For CSV: slots a batch's ASCII lines are written into (batch k into slot k modulo the count), each `slotBytes`
   * long; the main thread copies a slot out as soon as its reply arrives, before it asks for another batch.
   */
  slots?: { buffer: SharedArrayBuffer; count: number; slotBytes: number };
}

/** A column this thread writes: `at` is its value's place in a row, `kind` picks the decoder. */
export type ReaderColumn = CsvColumn & { kind: ValueKind };

/** What this thread writes: CSV lines, or sheet rows (`<row>` XML) numbered from 2, after the header. */
export interface ReaderWrite {
  format: 'csv' | 'xlsx';
  columns: ReaderColumn[];
  /**
   * For xlsx: the sheet part around the data rows (xlsx-parts.ts). This thread then writes the whole sheet part
   * and deflates it, keeping its CRC-32 and length; the main thread only frames the zip (zip-writer.ts).
   */
  sheet?: { head: string; tail: string };
}

/**
 * The main thread asks for the next batch, or stops the read (the client went away), or moves back a sheet chunk
 * it has written (freed here by this thread's next collection: docs/imports.md, "Deflated chunks handed back once
 * written").
 */
export type ExportRequest = 'next' | 'close' | { spent: ArrayBuffer };

export type ExportReply =
  | { rows: unknown[][]; done: boolean }
  | { json: string; done: boolean }
  | { bytes: Uint8Array; done: boolean }
  | { deflated: Uint8Array; done: boolean; crc: number; size: number }
  | { text: string; done: boolean }
  | { slot: number; length: number; done: boolean }
  | { error: string; code: string | undefined };

/** Whether JSON gives back exactly these values. */
function jsonSafe(row: readonly unknown[]): boolean {
  for (const v of row) {
    if (v === null || typeof v === 'string') continue;
    if (typeof v !== 'number' || !Number.isFinite(v)) return false;
  }
  return true;
}

/**
 * A batch's CSV lines or sheet rows as UTF-8. Blobs are made plain Uint8Arrays first, as they reach the main
 * thread, so a blob in a text field is written as it is there.
 */
function batchWriter({ format, columns }: ReaderWrite): (rows: unknown[][]) => string {
  const decoders = columns.map((c) => {
    const decode = decoderOf(c.kind, 'sqlite');
    return (v: unknown) => decode(Buffer.isBuffer(v) ? new Uint8Array(v) : v);
  });
  if (format === 'csv') return csvLinesWriter(columns, decoders);
  const cells = sheetCellsWriter(columns, decoders);
  let next = 2;
  return (rows) => {
    const xml = rowsXml(cells(rows), next);
    next += rows.length;
    return xml;
  };
}

/**
 * The sheet part deflated a batch at a time by one deflate stream, each batch ending in a sync flush (the last in
 * the final block). The CRC-32 and length of the part so far are taken here, in order; the deflate runs on
 * libuv's thread pool while this thread reads the next batch. One stream for the whole part: no zlib state
 * allocated per batch, and the window carries over.
 */
function sheetDeflater({ head, tail }: { head: string; tail: string }) {
  const encoder = new TextEncoder();
  const zip = createDeflateRaw({ level: 1 });
  let chunks: Buffer[] = [];
  zip.on('data', (c: Buffer) => chunks.push(c));
  const take = (): Uint8Array => {
    // Moved to the main thread, so it must own its whole ArrayBuffer (zlib's chunks are slices).
    const joined = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      joined.set(c, at);
      at += c.length;
    }
    chunks = [];
    return joined;
  };
  let crc = 0;
  let size = 0;
  let first = true;
  return (rowsXml: string, done: boolean): Promise<{ deflated: Uint8Array; crc: number; size: number }> => {
    const text = (first ? head : '') + rowsXml + (done ? tail : '');
    first = false;
    const bytes = encoder.encode(text);
    crc = crc32(bytes, crc);
    size += bytes.length;
    const sizes = { crc, size };
    return new Promise((resolve, reject) => {
      zip.once('error', reject);
      const taken = () => {
        zip.off('error', reject);
        resolve({ deflated: take(), ...sizes });
      };
      if (done) {
        zip.once('end', taken);
        zip.end(bytes);
      } else {
        zip.write(bytes);
        zip.flush(constants.Z_SYNC_FLUSH, taken);
      }
    });
  };
}

function serve(): void {
  const port = parentPort;
  if (!port) return;
  const { file, sql, params, batch, write, split, slots } = workerData as ExportWorkerData;
  if (split && write) return serveSplit(port, file, batch, split, batchWriter(write));
  const written = write ? batchWriter(write) : undefined;
  const deflate = write?.sheet ? sheetDeflater(write.sheet) : undefined;
  const encoder = new TextEncoder();
  let db: Database.Database | undefined;
  let rows: IterableIterator<unknown[]> | undefined;
  /** Set once the last row is read (the sheet's last batches may still be deflating). */
  let finished = false;
  let closed = false;
  /** Batches posted so far (a CSV batch goes into slot `sent % slots.count`). */
  let sent = 0;
  const slotBytes = slots && new Uint8Array(slots.buffer);
  /** The sheet's batches are posted in order, each once deflated. */
  let posted: Promise<void> = Promise.resolve();
  const closeDb = () => {
    rows?.return?.();
    rows = undefined;
    db?.close();
    db = undefined;
  };
  const stop = () => {
    closeDb();
    closed = true;
    port.close();
  };
  const fail = (err: unknown) => {
    const e = err as { message?: string; code?: string };
    if (!closed) port.postMessage({ error: String(e.message), code: e.code } satisfies ExportReply);
    stop();
  };
  port.on('message', (msg: ExportRequest) => {
    if (typeof msg !== 'string') return;
    if (msg === 'close') return stop();
    if (finished || closed) return;
    try {
      if (!rows) {
        db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
        registerSqliteFormulaFunctions(db);
        rows = db.prepare(sql).raw(true).iterate(...params) as IterableIterator<unknown[]>;
      }
      const out: unknown[][] = [];
      let done = false;
      while (out.length < batch) {
        const next = rows.next();
        if (next.done) {
          done = true;
          break;
        }
        out.push(next.value);
      }
      if (written) {
        const text = written(out);
        if (write?.format === 'csv') {
          // CSV reaches the main thread as a string, which it hands to the socket (encoded into memory of the
          // socket's own, freed when written). A moved ArrayBuffer would be external memory there, freed only by a
          // garbage collection, which a thread that allocates little seldom runs (about 40 MB more RSS at 1M
          // rows). ASCII lines go through a shared slot, which the main thread reads back as a string: cheaper
          // than posting the string (docs/imports.md, "CSV lines through shared slots").
          const slot = sent++ % (slots?.count ?? 1);
          const into = slotBytes?.subarray(slot * slots!.slotBytes, (slot + 1) * slots!.slotBytes);
          const { read, written: length } = into ? encoder.encodeInto(text, into) : { read: 0, written: -1 };
          // All ASCII when each character took one byte (so the main thread reads it back as Latin-1), and whole.
          if (read === text.length && length === read) port.postMessage({ slot, length, done } satisfies ExportReply);
          else port.postMessage({ text, done } satisfies ExportReply);
        } else if (deflate) {
          // The main thread keeps two batches asked for, so this thread reads the next one while zlib deflates
          // this one on another thread.
          const deflating = deflate(text, done);
          // Handled in order below; marked handled now so a failure waiting its turn is not an unhandled rejection.
          deflating.catch(() => undefined);
          finished = done;
          if (done) closeDb();
          posted = posted
            .then(() => deflating)
            .then(({ deflated, crc, size }) => {
              if (closed) return;
              port.postMessage({ deflated, done, crc, size } satisfies ExportReply, [deflated.buffer as ArrayBuffer]);
              if (done) stop();
            })
            .catch(fail);
          return;
        } else {
          const bytes = encoder.encode(text);
          port.postMessage({ bytes, done } satisfies ExportReply, [bytes.buffer as ArrayBuffer]);
        }
        if (done) stop();
        return;
      }
      // One JSON string crosses to the main thread far cheaper than the same rows cloned value by value
      // (JSON.parse there costs about a third of the clone's deserialising); rows JSON would change (blobs,
      // infinities, big integers) go as they are.
      port.postMessage((out.every(jsonSafe) ? { json: JSON.stringify(out), done } : { rows: out, done }) satisfies ExportReply);
      if (done) stop();
    } catch (err) {
      fail(err);
    }
  });
}

serve();
