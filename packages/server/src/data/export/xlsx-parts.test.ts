/**
 * The workbook parts written without exceljs (xlsx-parts.ts) are byte for byte those exceljs's streaming writer
 * writes for the same sheet title and header row.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { cell } from './sheet-xml.js';
import { workbookParts } from './xlsx-parts.js';
import { sheetName } from './xlsx-stream.js';

/** The entries of a zip whose entries are all stored (not deflated), found through its central directory. */
function storedEntries(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt16LE(at + 10)).toBe(0);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, data: zip.subarray(dataAt, dataAt + size) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** What exceljs writes for the workbook (stored, so its parts can be read back), and when it was written. */
async function byExceljs(title: string, header: readonly string[]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
    zip: { store: true },
  });
  const at = book.created;
  const sheet = book.addWorksheet(sheetName(title));
  sheet.addRow(header.map((h) => cell(h))).commit();
  sheet.commit();
  await book.commit();
  return { at, entries: storedEntries(Buffer.concat(chunks)) };
}

it.each([
  ['Things', ['title', 'n', 'price']],
  [`Q&A <"it's"> [2024]: a/b*c? \u0001\u007f and a very long title`, ['a & b', "it's <x>", 'é\u0002\u007f', '']],
  ['Empty header', []],
  ['Only empty titles', ['', '']],
  ['Gaps', ['', 'b', '', 'd', '']],
  ['', Array.from({ length: 30 }, (_, i) => `column ${i}`)],
])('writes the parts exceljs writes for %j', async (title, header) => {
  const { at, entries } = await byExceljs(title, header);
  const book = workbookParts(title, header, at);
  const sheet = entries.find((e) => e.name === book.sheetPath)!;
  expect(book.head + book.tail).toBe(sheet.data.toString('utf8'));
  expect(book.head.endsWith(book.head.includes('<row') ? '</row>' : '<sheetData>')).toBe(true);
  const others = entries.filter((e) => e !== sheet);
  expect(book.parts.map((p) => p.name)).toEqual(others.map((e) => e.name));
  for (const [i, p] of book.parts.entries()) expect(p.data.toString('utf8')).toBe(others[i]!.data.toString('utf8'));
});
