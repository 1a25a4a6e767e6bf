import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { readRowBatches, readRows, readSheetRowBatches } from './read-rows.js';
import { zipDirectory } from './xlsx-guard.js';
import { sheetNames, sheetRowCount } from './xlsx-sheets.js';

const dir = mkdtempSync(path.join(tmpdir(), 'rb-read-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const expected = [
  ['Name', 'Qty'],
  ['Bolt', { value: 3, formatted: '3' }],
  ['Nut', { value: 4.5, formatted: '4.5' }],
];

/** A workbook as exceljs writes it: the workbook part after the worksheets. */
async function writeWorkbook(name: string, filler: number): Promise<string> {
  const file = path.join(dir, name);
  const workbook = new ExcelJS.Workbook();
  const first = workbook.addWorksheet('First');
  first.addRow(['Name', 'Qty']);
  first.addRow(['Bolt', 3]);
  first.addRow([]);
  first.addRow(['Nut', 4.5]);
  for (let s = 0; s < 2; s++) {
    const other = workbook.addWorksheet(`Other ${s}`);
    for (let i = 0; i < filler; i++) other.addRow([`x${i}`, i]);
  }
  await workbook.xlsx.writeFile(file);
  return file;
}

const collect = async (rows: AsyncIterable<unknown[]>) => {
  const out: unknown[][] = [];
  for await (const row of rows) out.push(row);
  return out;
};

describe('reading xlsx rows', () => {
  it('gives the same rows on every read of a workbook written by exceljs (its workbook part stored last)', async () => {
    const file = await writeWorkbook('often.xlsx', 100);
    for (let i = 0; i < 20; i++) expect(await collect(readRows(file, 'xlsx', false))).toEqual(expected);
  });

  it('names the file as unreadable for any other failure', async () => {
    const file = await writeWorkbook('broken.xlsx', 1);
    // eslint-disable-next-line require-yield
    const broken = async function* (): AsyncGenerator<unknown[][]> {
      throw new Error('invalid signature');
    };
    await expect(collect(readSheetRowBatches(file, broken))).rejects.toThrow(
      'The file is not a readable xlsx workbook: invalid signature',
    );
  });

  it('names a workbook whose sheet does not inflate as unreadable, when reading and when counting rows', async () => {
    const file = await writeWorkbook('corrupt.xlsx', 5_000);
    const sheet = (await zipDirectory(file)).find((e) => e.name === 'xl/worksheets/sheet2.xml')!;
    const bytes = readFileSync(file);
    bytes.fill(0xff, sheet.offset + 1000, sheet.offset + 3000);
    writeFileSync(file, bytes);
    await expect(collect(readRowBatches(file, 'xlsx', false, 'Other 0'))).rejects.toThrow(
      'The file is not a readable xlsx workbook: invalid ',
    );
    await expect(sheetRowCount(file, 'Other 0')).rejects.toThrow(
      'The file is not a readable xlsx workbook: invalid ',
    );
  });

  it('lists the sheet names in tab order, XML escapes decoded, and reads a sheet by its name', async () => {
    const file = await writeWorkbook('named.xlsx', 2);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    workbook.getWorksheet('Other 1')!.name = 'R&D <"1">';
    await workbook.xlsx.writeFile(file);
    expect(await sheetNames(file)).toEqual(['First', 'Other 0', 'R&D <"1">']);
    const rows: unknown[][] = [];
    for await (const batch of readRowBatches(file, 'xlsx', false, 'R&D <"1">')) rows.push(...batch);
    expect(rows).toEqual([
      ['x0', { value: 0, formatted: '0' }],
      ['x1', { value: 1, formatted: '1' }],
    ]);
    await expect(collect(readRowBatches(file, 'xlsx', false, 'Nope'))).rejects.toThrow(
      "The workbook has no sheet 'Nope'",
    );
  });

  it("counts a sheet's rows from its XML alone, as many as the reader gives", async () => {
    const file = await writeWorkbook('counted.xlsx', 20_000);
    const sheetRows = async (sheet: string) => {
      let n = 0;
      for await (const batch of readRowBatches(file, 'xlsx', false, sheet)) n += batch.length;
      return n;
    };
    expect(await sheetRowCount(file)).toBe(3);
    expect(await sheetRowCount(file, 'Other 1')).toBe(20_000);
    expect(await sheetRows('Other 1')).toBe(20_000);
    expect(await sheetRowCount(file, 'Nope')).toBeUndefined();
  });
});

describe('reading CSV rows', () => {
  it('drops a BOM and rows of blank cells, keeping quoted line breaks and a row with one filled cell', async () => {
    const file = path.join(dir, 'blanks.csv');
    writeFileSync(file, '\uFEFFName,Qty\r\nBolt,3\r\n\r\n,\r\n  ,  \r\n"Nut\nlarge",\r\n, 5\r\n');
    expect(await collect(readRows(file, 'csv', false))).toEqual([
      ['Name', 'Qty'],
      ['Bolt', '3'],
      ['Nut\nlarge', ''],
      ['', ' 5'],
    ]);
  });
});
