/**
 * Reading an export's rows on embedded SQLite from a reader thread of its own (sqlite-export-worker.ts), so
 * the database work runs on another core while this thread formats and sends (docs/imports.md, Exports).
 * One batch is formatted here while the next is read there; no more than that is ever held, so memory stays
 * flat however many rows the export has.
 */
import type { Worker } from 'node:worker_threads';
import type { OutField } from '../row-query.js';
import { startModuleWorker } from '../sqlite-read-pool.js';
import type { NativeQuery } from '../sqlite-statements.js';
import { sqliteParams } from '../sqlite-statements.js';
import type { DeflatedChunk } from './zip-writer.js';
import type { ExportReply, ExportRequest, ExportWorkerData, ReaderWrite } from './sqlite-export-worker.js';

/**
 * Rows a batch: enough that a message's cost is spread thin, few enough that a batch is formatted and gone
 * before the garbage collector moves it to the old generation (at 2,000 the server's RSS grew 75 MB over a
 * 300,000-row export, at 500 40 MB, for the same CPU per row).
 */
export const STREAM_BATCH = 500;

/**
 * A batch's rows hold raw driver values; young generation small for the same reason as the read pool's
 * readers (the rows live only until posted).
 */
export const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

/** The replies of a worker, in order, as they arrive (a reply that comes before it is awaited is kept). */
export function inbox<R = ExportReply>(worker: Worker): () => Promise<R | { error: string; code: undefined }> {
  type Reply = R | { error: string; code: undefined };
  const replies: Reply[] = [];
  let waiting: ((r: Reply) => void) | undefined;
  const deliver = (r: Reply) => {
    if (waiting) {
      const w = waiting;
      waiting = undefined;
      w(r);
    } else replies.push(r);
  };
  worker.on('message', deliver);
  worker.on('error', (err) => deliver({ error: err.message, code: undefined }));
  worker.on('exit', () => deliver({ error: 'The export reader stopped before the end', code: undefined }));
  return () => {
    const r = replies.shift();
    return r ? Promise.resolve(r) : new Promise((resolve) => (waiting = resolve));
  };
}

/**
 * The replies of an export's reader thread, one a batch, the next batch asked for as soon as one arrives (the
 * reader steps on through it while this one is used); an error reply is thrown as a SqliteError.
 */
async function* readerReplies(
  data: ExportWorkerData,
  link: { worker?: Worker } = {},
): AsyncGenerator<Exclude<ExportReply, { error: string }>> {
  const worker = startModuleWorker(new URL('./sqlite-export-worker.js', import.meta.url), data, WORKER_LIMITS);
  link.worker = worker;
  const next = inbox(worker);
  const ask = (m: ExportRequest) => worker.postMessage(m);
  let finished = false;
  try {
    // Two batches asked for: the reader steps on into the next while this thread takes the last (and, for a
    // sheet, while zlib deflates it on the thread pool), instead of waiting a message round trip each batch.
    ask('next');
    ask('next');
    for (;;) {
      const reply = await next();
      if ('error' in reply) {
        finished = true;
        throw Object.assign(new Error(reply.error), { name: 'SqliteError', code: reply.code });
      }
      if (!reply.done) ask('next');
      finished = reply.done;
      yield reply;
      if (reply.done) return;
    }
  } finally {
    // Stopped early (the client went away, or formatting failed): the reader closes its statement and exits.
    if (!finished) ask('close');
    worker.unref();
  }
}

/**
 * Every row of `q` (compiled by export-source.ts) read from the database file `file`, a batch at a time,
 * each row an array of its values decoded as the records API gives them, in `out` order.
 */
export async function* sqliteExportRows(
  file: string,
  q: NativeQuery & { out: readonly OutField[] },
): AsyncGenerator<unknown[][]> {
  const decoders = q.out.map((f) => f.decode);
  for await (const reply of readerReplies({ file, sql: q.sql, params: sqliteParams(q.bindings), batch: STREAM_BATCH })) {
    if ('bytes' in reply || 'text' in reply || 'deflated' in reply || 'slot' in reply)
      throw new Error('The export reader sent text where rows were asked for');
    const rows = 'json' in reply ? (JSON.parse(reply.json) as unknown[][]) : reply.rows;
    for (const row of rows) for (let i = 0; i < decoders.length; i++) row[i] = decoders[i]!(row[i]);
    if (rows.length) yield rows;
  }
}

/**
 * Bytes of one CSV slot: about three batches of the bench's 14 columns. A batch that does not fit, or is not
 * ASCII, is posted as a string instead.
 */
const CSV_SLOT_BYTES = 256 * 1024;

/**
 * The shared slots a CSV reader writes its batches into, batch k into slot k modulo four. The main thread has at
 * most two batches asked for beyond the one it copies out, so a slot is never written while it is read.
 */
function csvSlots(): NonNullable<ExportWorkerData['slots']> {
  const count = 4;
  return { buffer: new SharedArrayBuffer(count * CSV_SLOT_BYTES), count, slotBytes: CSV_SLOT_BYTES };
}

/**
 * The CSV lines or sheet rows of every row of `q`, written on the reader thread (`write.columns` say where each
 * column's value is in a row of the query, its kind and its field), a batch at a time (CSV as text, sheet rows as
 * UTF-8 bytes): this thread only forwards them.
 */
export async function* sqliteExportBytes(
  file: string,
  q: NativeQuery,
  write: ReaderWrite,
): AsyncGenerator<string | Buffer> {
  const slots = write.format === 'csv' ? csvSlots() : undefined;
  const data = { file, sql: q.sql, params: sqliteParams(q.bindings), batch: STREAM_BATCH, write, slots };
  const shared = slots && Buffer.from(slots.buffer);
  for await (const reply of readerReplies(data)) {
    if ('slot' in reply) {
      // Copied out now: the slot is written again only after two more batches are asked for (readerReplies).
      const at = reply.slot * CSV_SLOT_BYTES;
      if (reply.length) yield shared!.toString('latin1', at, at + reply.length);
      continue;
    }
    if ('text' in reply) {
      if (reply.text) yield reply.text;
      continue;
    }
    if (!('bytes' in reply)) throw new Error('The export reader sent something else where text was asked for');
    const { bytes } = reply;
    if (bytes.length) yield Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}

/**
 * The deflated sheet part of an xlsx export of every row of `q`, written and deflated on the reader thread
 * (`write.sheet` holds the part around the rows), a batch at a time; the last chunk has the part's CRC-32 and
 * length. This thread only puts the bytes into the zip (zip-writer.ts).
 */
export async function* sqliteExportSheet(
  file: string,
  q: NativeQuery,
  write: ReaderWrite & { sheet: { head: string; tail: string } },
): AsyncGenerator<DeflatedChunk> {
  const data = { file, sql: q.sql, params: sqliteParams(q.bindings), batch: STREAM_BATCH, write };
  const link: { worker?: Worker } = {};
  for await (const reply of readerReplies(data, link)) {
    if (!('deflated' in reply)) throw new Error('The export reader sent something else where a sheet was asked for');
    const { deflated, crc, size } = reply;
    const buffer = deflated.buffer as ArrayBuffer;
    const bytes = Buffer.from(buffer, deflated.byteOffset, deflated.byteLength);
    // Moved back once written: freed there by the reader's next collection, not here by a rare one
    // (sent-body.ts). Dropped when the reader has already stopped, which frees it as well.
    const spent = () => link.worker?.postMessage({ spent: buffer } satisfies ExportRequest, [buffer]);
    yield reply.done ? { bytes, end: { crc, size }, spent } : { bytes, spent };
  }
}
