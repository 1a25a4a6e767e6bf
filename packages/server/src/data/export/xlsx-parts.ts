/**
 * The parts of a one-sheet workbook as exceljs's streaming writer writes them (content types, relationships,
 * workbook, styles, theme, document properties), and its sheet part cut around the data rows: `head` ends with
 * the header row, `tail` closes the sheet data and the sheet. The SQLite export writes its data rows between
 * the two itself and zips the workbook with zip-writer.ts (docs/imports.md, Exports).
 */
import { PassThrough } from 'node:stream';
import { cell } from './sheet-xml.js';
import { sheetName } from './xlsx-stream.js';

export interface WorkbookParts {
  /** Every part but the sheet, by path in the package, in exceljs's order. */
  parts: { name: string; data: Buffer }[];
  /** The sheet part's path. */
  sheetPath: string;
  /** The sheet part up to the end of the header row. */
  head: string;
  /** The sheet part after its data rows. */
  tail: string;
}

/** The entries of a zip whose entries are all stored (not deflated), found through its central directory. */
function storedEntries(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('The workbook template has no zip directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (method !== 0) throw new Error(`The workbook template's part ${name} is not stored`);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, data: zip.subarray(dataAt, dataAt + size) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The workbook exceljs writes for a sheet named after `title` holding only `header`, cut for the data rows. */
export async function workbookParts(title: string, header: readonly string[]): Promise<WorkbookParts> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  // Loaded on the first workbook, not at start (docs/performance.md, "Server memory at rest").
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
    zip: { store: true },
  });
  const sheet = book.addWorksheet(sheetName(title));
  sheet.addRow(header.map((h) => cell(h))).commit();
  sheet.commit();
  await book.commit();
  const entries = storedEntries(Buffer.concat(chunks));
  const sheetEntry = entries.find((e) => e.name.startsWith('xl/worksheets/'));
  if (!sheetEntry) throw new Error('The workbook template has no sheet');
  const xml = sheetEntry.data.toString('utf8');
  const cut = xml.indexOf('</sheetData>');
  if (cut < 0) throw new Error('The workbook template has no sheet data');
  return {
    parts: entries.filter((e) => e !== sheetEntry),
    sheetPath: sheetEntry.name,
    head: xml.slice(0, cut),
    tail: xml.slice(cut),
  };
}
