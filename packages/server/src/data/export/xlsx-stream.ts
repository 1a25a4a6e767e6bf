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

/** Column letters: A … Z, AA … */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const columnNames: string[] = [];
const columnOf = (i: number) => (columnNames[i] ??= columnName(i));

const XML_SPECIAL = /[&<>"]/;
const XML_ESCAPES = /[&<>"]/g;
const XML_ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const xmlText = (s: string) => (XML_SPECIAL.test(s) ? s.replace(XML_ESCAPES, (c) => XML_ENTITY[c]!) : s);

/**
 * Rows as the sheet XML exceljs writes for them (`<c t="str">` strings, `t="b"` booleans, numbers plain, empty
 * cells left out), numbered from `first`. Writing it here instead of through exceljs's row and cell objects
 * costs about a seventh of the CPU, zip aside (50,000 rows of 8 cells: 150 ms against 1,080 ms); see
 * docs/imports.md (Exports).
 */
export function rowsXml(rows: readonly (readonly unknown[])[], first: number): string {
  let xml = '';
  let r = first;
  for (const row of rows) {
    xml += `<row r="${r}">`;
    for (let c = 0; c < row.length; c++) {
      const v = cell(row[c]);
      if (v === null) continue;
      const ref = columnOf(c) + r;
      if (typeof v === 'number') xml += `<c r="${ref}"><v>${v}</v></c>`;
      else if (typeof v === 'boolean') xml += `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
      else xml += `<c r="${ref}" t="str"><v>${xmlText(v as string)}</v></c>`;
    }
    xml += '</row>';
    r++;
  }
  return xml;
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
    // Deflate's fastest level (what exceljs's zip uses by default today; level 6 costs half as much CPU again
    // for a file about a fifth smaller).
    zip: { zlib: { level: 1 } },
  });
  const write = async () => {
    const sheet = book.addWorksheet(sheetName(title));
    // The header goes through exceljs, which opens the sheet's data with it; the data rows are written as
    // XML straight into the sheet's stream (rowsXml).
    sheet.addRow(header.map((h) => cell(h))).commit();
    const stream = (sheet as unknown as { stream: { write(xml: string): void } }).stream;
    let next = 2;
    for await (const rows of batches) {
      stream.write(rowsXml(rows, next));
      next += rows.length;
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
