/**
 * The body of an export file (CSV, xlsx or JSON) of a query's rows, shared by the table and view export routes:
 * rows are read a batch at a time (export-rows.ts) only as fast as the client takes the file, so memory stays
 * flat however many rows there are. See docs/imports.md (Exports).
 */
import { Readable } from 'node:stream';
import type { RowQuery, RowReader } from '../row-query.js';
import type { TableModel } from '../table-model.js';
import { csvLine } from './csv.js';
import { csvRowsWriter, exportQueryFields, xlsxRowsWriter, type ExportField } from './export-fields.js';
import { exportRows } from './export-rows.js';
import { jsonArrayStream } from './json.js';
import { workbookParts } from './xlsx-parts.js';
import { xlsxStream } from './xlsx-stream.js';
import { sentBody } from './sent-body.js';
import { zipBytes, zipPart, type DeflatedChunk } from './zip-writer.js';

export type ExportFormat = 'csv' | 'excel' | 'json';

/**
 * CSV text is sent in chunks of about this many characters: big enough that the socket's per-write cost is
 * spread thin, small enough that little text waits in memory.
 */
const CSV_CHUNK = 64 * 1024;

/**
 * The file's bytes. `fields` are the export columns (exportFields; for JSON only those with a value of their
 * own); the rows are those of `q` (its fields are replaced by what the columns need). Rejects before any byte
 * is sent when the query is bad.
 */
export async function exportBody(
  format: ExportFormat,
  reader: RowReader,
  q: RowQuery,
  fields: readonly ExportField[],
  model: Pick<TableModel, 'title'>,
  sheetTitle = model.title,
): Promise<Readable> {
  const header = fields.map((f) => f.title);
  const written = format === 'csv' ? 'csv' : format === 'excel' ? 'xlsx' : undefined;
  const query = { ...q, fields: exportQueryFields(fields) };
  // The workbook's other parts and its sheet around the rows, for the reader thread to write the sheet into.
  const book = format === 'excel' ? await workbookParts(sheetTitle, header) : undefined;
  const rows = await exportRows(reader, query, written && { format: written, fields, sheet: book });
  const head = '\ufeff' + csvLine(header);
  if ('deflatedSheet' in rows && book) {
    // The sheet part written and deflated on the reader thread: this thread only frames the zip.
    const parts = book.parts.map((p) => zipPart(p.name, p.data));
    // Each sheet chunk is moved back to the reader thread once the socket has written it (sent-body.ts).
    const spent = new WeakMap<Buffer, () => void>();
    const deflated: AsyncIterable<DeflatedChunk> = rows.deflatedSheet;
    async function* sheet() {
      for await (const chunk of deflated) {
        if (chunk.spent) spent.set(chunk.bytes, chunk.spent);
        yield chunk;
      }
    }
    return sentBody(zipBytes(parts, book.sheetPath, sheet()), (chunk) => spent.get(chunk));
  }
  if ('deflatedSheet' in rows) throw new Error('A sheet was written for an export that is not a workbook');
  if ('bytes' in rows) {
    // Written on the reader thread: this thread forwards the bytes, in the batches they come in.
    const lines = rows.bytes;
    async function* text() {
      yield head;
      yield* lines;
    }
    // Chunks as they are, one ahead of the socket: a string pushed into a byte stream would become a Buffer,
    // external memory freed only by a garbage collection (docs/imports.md, Exports).
    return Readable.from(text(), { objectMode: true, highWaterMark: 1 });
  }
  const { titles, batches } = rows;
  if (format === 'json') return jsonArrayStream(header, titles, batches);
  if (format === 'excel') {
    const cells = xlsxRowsWriter(fields, titles);
    async function* sheetRows() {
      for await (const batch of batches) yield cells(batch);
    }
    return xlsxStream(sheetTitle, header, sheetRows());
  }
  const lines = csvRowsWriter(fields, titles);
  async function* text() {
    let chunk = head;
    for await (const batch of batches) {
      chunk += lines(batch);
      if (chunk.length >= CSV_CHUNK) {
        yield chunk;
        chunk = '';
      }
    }
    yield chunk;
  }
  // As bytes, not objects: the stream then holds one chunk ahead of the socket, not sixteen.
  return Readable.from(text(), { objectMode: false });
}
