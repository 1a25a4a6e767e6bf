/**
 * A one-sheet xlsx workbook written as a stream with exceljs's streaming writer: rows are committed as they
 * come, so a million-row export holds one batch in memory, not the file. Numbers and booleans are typed
 * cells, everything else strings (never formulas, so nothing runs when the file is opened); no styles (they
 * cost about 40% more CPU per row), so the header is a plain first row.
 * See docs/imports.md (Exports).
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { cell, rowsXml } from './sheet-xml.js';

/** An xlsx sheet's name: no `\ / ? * [ ] :`, at most 31 characters. */
export function sheetName(title: string): string {
  return title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';
}

/** A writable stream of Node's or of the `readable-stream` package (which the zip library uses). */
type Sink = NodeJS.EventEmitter & {
  writableNeedDrain?: boolean;
  _writableState?: { needDrain?: boolean };
};

/**
 * Where exceljs pipes the sheet's XML: the zip entry's input. exceljs writes into it without waiting (its
 * buffer writes ignore backpressure), so a fast database and a slower deflate would pile the whole sheet up
 * there; the writer waits on this stream's `drain` instead. Undefined until the zip takes the entry.
 */
function sheetSink(sheet: unknown): Sink | undefined {
  const stream = (sheet as { stream?: { pipes?: Sink[] } }).stream;
  return stream?.pipes?.[0];
}

const needsDrain = (sink: Sink) => sink.writableNeedDrain ?? sink._writableState?.needDrain ?? false;

/**
 * Resolves when what was written so far has moved on into the zip (or when `out` is closed, e.g. the client
 * went away). See docs/imports.md (Exports).
 */
async function drained(sheet: unknown, out: PassThrough): Promise<void> {
  for (let tries = 0; !sheetSink(sheet) && tries < 100 && !out.destroyed; tries++)
    await new Promise((r) => setImmediate(r));
  const sink = sheetSink(sheet);
  if (!sink || !needsDrain(sink) || out.destroyed) return;
  const closed = new AbortController();
  const onClose = () => closed.abort();
  out.once('close', onClose);
  try {
    await once(sink, 'drain', { signal: closed.signal });
  } catch (err) {
    if (!closed.signal.aborted) throw err;
  } finally {
    out.off('close', onClose);
  }
}

/**
 * The workbook as a byte stream; `batches` are read only as fast as the stream is consumed.
 * @example reply.send(xlsxStream('Fruit', ['Title'], rowsInBatches()))
 */
export function xlsxStream(
  title: string,
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
): Readable {
  async function* xml() {
    let next = 2;
    for await (const rows of batches) {
      yield rowsXml(rows, next);
      next += rows.length;
    }
  }
  return xlsxSheetStream(title, header, xml());
}

/**
 * The workbook of a header and data rows given as sheet XML (`<row>` elements numbered from 2, as rowsXml
 * writes them), a batch at a time, read only as fast as the stream is consumed.
 */
export function xlsxSheetStream(
  title: string,
  header: readonly string[],
  rowsXmlBatches: AsyncIterable<string | Buffer>,
): Readable {
  const out = new PassThrough();
  const write = async () => {
    // Loaded on the first workbook, not at start (docs/performance.md, "Server memory at rest").
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    // Styles cost about 40% more CPU for every row, for nothing but a bold header.
    useStyles: false,
    // Deflate's fastest level (what exceljs's zip uses by default today; level 6 costs half as much CPU again
    // for a file about a fifth smaller).
    zip: { zlib: { level: 1 } },
    });
    const sheet = book.addWorksheet(sheetName(title));
    // The header goes through exceljs, which opens the sheet's data with it; the data rows are written as
    // XML straight into the sheet's stream (rowsXml).
    sheet.addRow(header.map((h) => cell(h))).commit();
    const stream = (sheet as unknown as { stream: { write(xml: string | Buffer): void } }).stream;
    for await (const xml of rowsXmlBatches) {
      stream.write(xml);
      // Let the zip and the reader catch up before the next batch is read from the database: at most one
      // batch's XML waits in memory.
      await drained(sheet, out);
      if (out.destroyed) return;
    }
    sheet.commit();
    await book.commit();
  };
  write().catch((err: Error) => out.destroy(err));
  return out;
}
