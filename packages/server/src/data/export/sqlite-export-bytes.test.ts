/**
 * The CSV and the sheet rows the SQLite reader thread writes itself (docs/imports.md, Exports) are byte for byte
 * what the main thread writes from the same rows: every value kind, text a spreadsheet would run, quotes and line
 * breaks, blobs, dates and date-times, empty cells; the workbook opens in a real reader.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { crc32, inflateRawSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { ValueKind } from '@rowbase/core/fields/field-type';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decoderOf } from '../cell-codec.js';
import { csvLinesWriter } from './csv-cells.js';
import { rowsXml, sheetCellsWriter } from './sheet-xml.js';
import { STREAM_BATCH, sqliteExportBytes, sqliteExportRows, sqliteExportSheet } from './sqlite-export-stream.js';
import type { ReaderColumn } from './sqlite-export-worker.js';
import { workbookParts } from './xlsx-parts.js';
import { xlsxSheetStream } from './xlsx-stream.js';
import { zipBytes, zipPart, type DeflatedChunk } from './zip-writer.js';

const ROWS = STREAM_BATCH * 2 + 3;
let dir: string;
let file: string;

/** One column per value kind the reader thread decodes, with the UI type that formats it. */
const FIELDS: { name: string; uidt: string; kind: ValueKind; meta?: Record<string, unknown>; safe?: boolean }[] = [
  { name: 'title', uidt: 'SingleLineText', kind: 'text' },
  { name: 'phone', uidt: 'PhoneNumber', kind: 'text', safe: true },
  { name: 'n', uidt: 'Number', kind: 'integer' },
  { name: 'price', uidt: 'Currency', kind: 'decimal', meta: { currency_code: 'EUR', currency_locale: 'de-DE' } },
  { name: 'ratio', uidt: 'Decimal', kind: 'decimal', meta: { precision: 3 } },
  { name: 'done', uidt: 'Checkbox', kind: 'boolean' },
  { name: 'day', uidt: 'Date', kind: 'date', meta: { date_format: 'DD/MM/YYYY' } },
  { name: 'at', uidt: 'DateTime', kind: 'datetime', meta: { time_format: 'hh:mm:ss A' } },
  { name: 'doc', uidt: 'JSON', kind: 'json' },
  { name: 'files', uidt: 'Attachment', kind: 'attachment' },
  { name: 'raw', uidt: 'LongText', kind: 'longtext' },
];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'rowbase-export-csv-'));
  file = path.join(dir, 'data.db');
  const db = new Database(file);
  db.exec(`create table t (id integer primary key, ${FIELDS.map((f) => f.name).join(', ')})`);
  const insert = db.prepare(`insert into t values (${FIELDS.map(() => '?').join(', ')}, ?)`);
  const texts = ['plain', '=1+2', '+44 20', 'a,"b"', 'two\r\nlines', '@SUM(A1)', '-x', '', null, 'ünï €'];
  db.transaction(() => {
    for (let i = 1; i <= ROWS; i++) {
      const text = texts[i % texts.length];
      insert.run(
        i,
        text,
        i % 4 ? `+1 555 ${i}` : null,
        i % 7 ? i * 1000 - 3 : null,
        i % 5 ? i * 1.25 : null,
        i % 6 ? i / 7 : null,
        i % 3 === 0 ? 1 : i % 3 === 1 ? 0 : null,
        i % 9 ? `2024-${String((i % 12) + 1).padStart(2, '0')}-0${(i % 9) + 1}` : null,
        i % 8 ? `2024-03-${String((i % 28) + 1).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:0${i % 10}:1${i % 10}` : null,
        i % 2 ? JSON.stringify({ a: i, s: text }) : 'not json',
        i % 3 ? JSON.stringify([{ title: `f${i}.png`, path: `download/${i}` }]) : null,
        i % 11 === 0 ? Buffer.from([1, 2, i % 256]) : text,
      );
    }
  })();
  db.close();
});
const zoneBefore = process.env.TZ;
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

const columns: ReaderColumn[] = FIELDS.map((f, i) => ({
  at: i,
  kind: f.kind,
  formulaSafe: f.safe === true,
  column: { id: f.name, title: f.name, column_name: f.name, uidt: f.uidt, meta: f.meta } as ColumnMeta,
}));
const out = FIELDS.map((f) => ({ title: f.name, key: f.name, decode: decoderOf(f.kind, 'sqlite') }));
out.push({ title: 'id', key: 'id', decode: (v) => v });
const sql = `select ${FIELDS.map((f) => f.name).join(', ')}, id from t where id > ? order by id desc`;

it('writes on the reader thread the bytes the main thread writes from the same rows', async () => {
  process.env.TZ = 'America/New_York';
  const q = { sql, bindings: [0] };
  const fromReader: (string | Buffer)[] = [];
  for await (const bytes of sqliteExportBytes(file, q, { format: 'csv', columns })) fromReader.push(bytes);

  const lines = csvLinesWriter(columns);
  let here = '';
  for await (const rows of sqliteExportRows(file, { ...q, out })) here += lines(rows);

  expect(fromReader).toHaveLength(3);
  const text = fromReader.join('');
  expect(text).toBe(here);
  const rows = text.split('\r\n');
  // Every row, and after the last line break nothing; a row splits here once per cell with a line break in it
  // (100 titles, and 91 long texts that are not blobs).
  expect(rows).toHaveLength(ROWS + 100 + 91 + 1);
  // Row 1: formula-like text escaped (but not a phone number's +), a euro amount, a UTC time in New York.
  expect(rows.at(-2)).toBe(
    `'=1+2,+1 555 1,997,"1,25\u00a0€",0.143,false,02/02/2024,2024/03/01 08:01:11 PM,` +
      `"{""a"":1,""s"":""=1+2""}",f1.png,'=1+2`,
  );
  // Row 1001: a blob in a long text field, written as the main thread writes it.
  expect(rows.find((l) => l.startsWith(`'=1+2,+1 555 1001,`))).toBe(
    `'=1+2,+1 555 1001,,"1.251,25\u00a0€",143.000,,03/06/2024,2024/03/22 01:01:11 PM,` +
      `"{""a"":1001,""s"":""=1+2""}",f1001.png,"{""0"":1,""1"":2,""2"":233}"`,
  );
  // A CSV reader gets every row back, line breaks and quotes inside cells included (rows from id 1003 down).
  const parsed = Papa.parse<string[]>(text, { newline: '\r\n', skipEmptyLines: true }).data;
  expect(parsed).toHaveLength(ROWS);
  expect(parsed[ROWS - 4]!.slice(0, 3)).toEqual(['two\r\nlines', '', '3997']);
  expect(parsed[ROWS - 3]!.slice(0, 3)).toEqual(['a,"b"', '+1 555 3', '2997']);
});

it('writes on the reader thread the sheet rows the main thread writes, in a workbook a real reader opens', async () => {
  process.env.TZ = 'UTC';
  const q = { sql, bindings: [0] };
  const fromReader: (string | Buffer)[] = [];
  for await (const bytes of sqliteExportBytes(file, q, { format: 'xlsx', columns })) fromReader.push(bytes);

  const cells = sheetCellsWriter(columns);
  let here = '';
  let next = 2;
  for await (const rows of sqliteExportRows(file, { ...q, out })) {
    here += rowsXml(cells(rows), next);
    next += rows.length;
  }
  expect(fromReader.join('')).toBe(here);

  async function* batches() {
    yield* fromReader;
  }
  const chunks: Buffer[] = [];
  const header = FIELDS.map((f) => f.name);
  for await (const c of xlsxSheetStream('Things', header, batches())) chunks.push(c as Buffer);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.rowCount).toBe(ROWS + 1);
  expect(sheet.getRow(1).values).toEqual([undefined, ...header]);
  // The last row is id 1: numbers typed, a currency and a decimal as the grid shows them, a date-time in UTC.
  expect(sheet.getRow(ROWS + 1).values).toEqual([
    undefined,
    '=1+2',
    '+1 555 1',
    997,
    '1,25\u00a0€',
    '0.143',
    false,
    '02/02/2024',
    '2024/03/02 01:01:11 AM',
    '{"a":1,"s":"=1+2"}',
    'f1.png',
    '=1+2',
  ]);
  expect(sheet.getCell('A2').type).toBe(ExcelJS.ValueType.String);
});

/** Every row's values of the first sheet of a workbook, as ExcelJS reads them. */
async function sheetValues(bytes: Buffer): Promise<unknown[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push(row.values));
  return [sheet.name, sheet.rowCount, ...rows];
}

it('deflates the whole sheet part on the reader thread into a workbook with the cells exceljs writes', async () => {
  process.env.TZ = 'UTC';
  const q = { sql, bindings: [0] };
  const header = FIELDS.map((f) => f.name);
  const book = workbookParts('Things', header);
  const chunks: DeflatedChunk[] = [];
  for await (const c of sqliteExportSheet(file, q, { format: 'xlsx', columns, sheet: book })) chunks.push(c);

  // One deflate stream of the sheet exceljs writes around the rows the main thread writes, its CRC and length.
  const cells = sheetCellsWriter(columns);
  let rowsHere = '';
  let next = 2;
  for await (const rows of sqliteExportRows(file, { ...q, out })) {
    rowsHere += rowsXml(cells(rows), next);
    next += rows.length;
  }
  const sheetXml = Buffer.from(book.head + rowsHere + book.tail);
  expect(chunks).toHaveLength(3);
  expect(inflateRawSync(Buffer.concat(chunks.map((c) => c.bytes)))).toEqual(sheetXml);
  expect(chunks.at(-1)!.end).toEqual({ crc: crc32(sheetXml), size: sheetXml.length });
  expect(chunks.slice(0, -1).every((c) => c.end === undefined)).toBe(true);

  // The zip of it opens in ExcelJS with exactly the cells of the workbook exceljs's writer zips.
  async function* deflated() {
    yield* chunks;
  }
  const zipped: Buffer[] = [];
  const parts = book.parts.map((p) => zipPart(p.name, p.data));
  for await (const b of zipBytes(parts, book.sheetPath, deflated())) zipped.push(b);
  async function* rowsXmlBatches() {
    yield rowsHere;
  }
  const byExceljs: Buffer[] = [];
  for await (const c of xlsxSheetStream('Things', header, rowsXmlBatches())) byExceljs.push(c as Buffer);
  const values = await sheetValues(Buffer.concat(zipped));
  expect(values).toEqual(await sheetValues(Buffer.concat(byExceljs)));
  expect(values.slice(0, 3)).toEqual(['Things', ROWS + 1, [undefined, ...header]]);
  expect(values.at(-1)).toEqual([
    undefined,
    '=1+2',
    '+1 555 1',
    997,
    '1,25\u00a0€',
    '0.143',
    false,
    '02/02/2024',
    '2024/03/02 01:01:11 AM',
    '{"a":1,"s":"=1+2"}',
    'f1.png',
    '=1+2',
  ]);
});

it('writes a workbook of the header alone when no row matches', async () => {
  const header = FIELDS.map((f) => f.name);
  const book = workbookParts('Empty', header);
  const chunks: Buffer[] = [];
  const sheet = sqliteExportSheet(file, { sql, bindings: [ROWS] }, { format: 'xlsx', columns, sheet: book });
  const parts = book.parts.map((p) => zipPart(p.name, p.data));
  for await (const b of zipBytes(parts, book.sheetPath, sheet)) chunks.push(b);
  expect(await sheetValues(Buffer.concat(chunks))).toEqual(['Empty', 1, [undefined, ...header]]);
});
