/**
 * A one-sheet xlsx workbook written as a stream with exceljs's streaming writer: rows are committed as they
 * come, so a million-row export holds one batch in memory, not the file. Numbers and booleans are typed
 * cells, everything else strings (never formulas, so nothing runs when the file is opened); no styles (they
 * cost about 40% more CPU per row), so the header is a plain first row.
 * See docs/imports.md (Exports).
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { cellText } from './csv.js';

/** Whether text holds a character XML 1.0 cannot (most cells do not, and are kept as they are). */
function hasXmlUnsafe(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 ? c !== 0x09 && c !== 0x0a && c !== 0x0d : c >= 0xfffe) return true;
  }
  return false;
}

/** Drops characters XML 1.0 cannot hold (control characters other than tab, newline, carriage return). */
export function xmlSafe(s: string): string {
  if (!hasXmlUnsafe(s)) return s;
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x20 ? c !== 0xfffe && c !== 0xffff : c === 0x09 || c === 0x0a || c === 0x0d) out += ch;
  }
  return out;
}

/** The longest text an xlsx cell holds. */
const MAX_CELL_TEXT = 32767;

function cell(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  return xmlSafe(cellText(value)).slice(0, MAX_CELL_TEXT);
}

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
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    // Styles cost about 40% more CPU for every row, for nothing but a bold header.
    useStyles: false,
    // Deflate's fastest level: the sheet's XML repeats itself, so it compresses nearly as well (a few percent
    // larger) for a fraction of the CPU of the default level.
    zip: { zlib: { level: 1 } },
  });
  const write = async () => {
    const sheet = book.addWorksheet(sheetName(title));
    sheet.addRow(header.map((h) => cell(h))).commit();
    for await (const rows of batches) {
      for (const row of rows) sheet.addRow(row.map(cell)).commit();
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
