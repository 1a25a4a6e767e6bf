import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { xlsxRowBatches } from './xlsx-rows.js';

const dir = mkdtempSync(path.join(tmpdir(), 'rb-xlsx-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The rows as the import read them through exceljs's streaming reader before Rowbase had its own: the reference
 * the new reader must match.
 */
async function exceljsRows(file: string, sheet?: string): Promise<unknown[][]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const rows: unknown[][] = [];
  for await (const worksheet of reader) {
    if (sheet !== undefined && (worksheet as { name?: string }).name !== sheet) continue;
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      const cells: unknown[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = exceljsCellValue(cell);
      });
      rows.push(cells);
    }
    break;
  }
  return rows;
}

function exceljsCellValue(cell: ExcelJS.Cell): unknown {
  let v: unknown = cell.value;
  if (v && typeof v === 'object' && !(v instanceof Date)) {
    const o = v as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: string };
    if ('formula' in o || 'sharedFormula' in o) v = o.result ?? null;
    else if (o.richText) v = o.richText.map((r) => r.text).join('');
    else if (o.text !== undefined) v = o.text;
    else if (o.error) v = o.error;
  }
  if (typeof v === 'number')
    return { value: v, formatted: (cell.numFmt ?? '').includes('$') ? `$${v}` : String(v) };
  return v ?? null;
}

const ourRows = async (file: string, sheet?: string) => {
  const rows: unknown[][] = [];
  for await (const batch of xlsxRowBatches(file, sheet)) rows.push(...batch);
  return rows;
};

const day = (y: number, m: number, d: number, h = 0, min = 0, s = 0) =>
  new Date(Date.UTC(y, m - 1, d, h, min, s));

/** A sheet of every kind of cell the import meets, the header with blanks and a duplicate. */
function fillVaried(sheet: ExcelJS.Worksheet, rows: number, richText = true) {
  sheet.addRow([
    'Name',
    '',
    'Name',
    null,
    'When',
    'At',
    'Price',
    'Cost',
    'Share',
    'Ok',
    'Note',
    'Calc',
    'Label',
  ]);
  for (let i = 0; i < rows; i++) {
    const row = sheet.addRow([
      i % 5 === 0 ? `Zürich ✓ <a & "b"> ${i}` : `Bolt ${i}`,
      i % 4 === 0 ? null : i * 3,
      i % 7 === 0 ? ' padded \n two lines ' : `dup ${i % 3}`,
      i % 3 === 0 ? undefined : -i / 8,
      day(2024, (i % 12) + 1, (i % 28) + 1),
      day(1999, 12, 31, i % 24, (i * 7) % 60, (i * 13) % 60),
      1234.5 + i,
      i * 100,
      i / 100,
      i % 2 === 0,
      i % 6 === 0 && richText
        ? { richText: [{ text: 'Bold ', font: { bold: true } }, { text: `run ${i}` }] }
        : `plain ${i % 10}`,
      { formula: `B${i + 2}*2+1`, result: i * 6 + 1 },
      i % 9 === 0 ? { error: '#N/A' } : { formula: `A${i + 2}&"x"`, result: `label ${i}` },
    ]);
    row.getCell(5).numFmt = 'yyyy-mm-dd';
    row.getCell(6).numFmt = 'yyyy-mm-dd hh:mm:ss';
    row.getCell(7).numFmt = '"$"#,##0.00';
    row.getCell(8).numFmt = '#,##0;[Red]-#,##0';
    row.getCell(9).numFmt = '0.00%';
  }
  sheet.getCell(`Q${rows + 3}`).value = 'far away';
}

async function variedWorkbook(name: string, options: { date1904?: boolean } = {}): Promise<string> {
  const file = path.join(dir, name);
  const workbook = new ExcelJS.Workbook();
  if (options.date1904) workbook.properties.date1904 = true;
  fillVaried(workbook.addWorksheet('Varied'), 60);
  const second = workbook.addWorksheet('Second & <last>');
  second.addRow(['Only', 'two']);
  second.addRow([day(2001, 2, 3), '$5']);
  second.getCell('A2').numFmt = 'd-mmm-yy';
  second.getCell('C4').value = 7;
  second.getCell('C4').numFmt = '$#,##0';
  await workbook.xlsx.writeFile(file);
  return file;
}

describe("Rowbase's xlsx reader", () => {
  it('gives exactly the rows exceljs gave, on every sheet of a varied workbook', async () => {
    const file = await variedWorkbook('varied.xlsx');
    const rows = await ourRows(file);
    const ref = await exceljsRows(file);
    expect(rows).toEqual(ref);
    expect(await ourRows(file, 'Second & <last>')).toEqual(await exceljsRows(file, 'Second & <last>'));
    // What the user sees, spelled out for a few cells.
    expect(rows[0]).toEqual([
      'Name',
      null,
      'Name',
      null,
      'When',
      'At',
      'Price',
      'Cost',
      'Share',
      'Ok',
      'Note',
      'Calc',
      'Label',
    ]);
    expect(rows[1]).toEqual([
      'Zürich ✓ <a & "b"> 0',
      null,
      ' padded \n two lines ',
      null,
      day(2024, 1, 1),
      day(1999, 12, 31, 0, 0, 0),
      { value: 1234.5, formatted: '$1234.5' },
      { value: 0, formatted: '0' },
      { value: 0, formatted: '0' },
      true,
      'Bold run 0',
      { value: 1, formatted: '1' },
      '#N/A',
    ]);
    expect(rows[2]![5]).toEqual(day(1999, 12, 31, 1, 7, 13));
    expect(rows[2]![3]).toEqual({ value: -0.125, formatted: '-0.125' });
    expect(rows.at(-1)).toEqual([...Array<null>(16).fill(null), 'far away']);
    expect(await ourRows(file, 'Second & <last>')).toEqual([
      ['Only', 'two'],
      [day(2001, 2, 3), '$5'],
      [null, null, { value: 7, formatted: '$7' }],
    ]);
  });

  it('gives exactly the rows exceljs gave for a workbook counting days from 1904', async () => {
    const file = await variedWorkbook('1904.xlsx', { date1904: true });
    const rows = await ourRows(file);
    expect(rows).toEqual(await exceljsRows(file));
    expect(rows[1]![4]).toEqual(day(2024, 1, 1));
  });

  it("gives exactly the rows exceljs gave for its streaming writer's workbooks, inline and shared strings", async () => {
    for (const useSharedStrings of [false, true]) {
      const file = path.join(dir, `streamed-${useSharedStrings}.xlsx`);
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({
        filename: file,
        useSharedStrings,
        useStyles: true,
      });
      const sheet = book.addWorksheet('Data');
      fillVaried(sheet, 200, useSharedStrings);
      sheet.commit();
      await book.commit();
      const rows = await ourRows(file);
      expect(rows).toHaveLength(202);
      expect(rows).toEqual(await exceljsRows(file));
    }
  });

  it('reads what exceljs misread: formula results typed as their cells, a result of 0, a euro format, inline rich text', async () => {
    const file = path.join(dir, 'misread.xlsx');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Formulas');
    sheet.addRow([
      { formula: 'B1>0', result: true },
      { formula: 'TODAY()', result: day(2024, 3, 5) },
      { formula: '1/0', result: { error: '#DIV/0!' } },
      { formula: 'B1*0', result: 0 },
    ]);
    sheet.getCell('B1').numFmt = 'yyyy-mm-dd';
    sheet.addRow([12, 34, 56]);
    sheet.getCell('A2').numFmt = '[$€-407] #,##0.00';
    sheet.getCell('B2').numFmt = '[$$-409]#,##0.00';
    sheet.getCell('C2').numFmt = '\\$#,##0';
    await workbook.xlsx.writeFile(file);
    expect(await exceljsRows(file)).toEqual([
      [{ value: 1, formatted: '1' }, { value: 45356, formatted: '45356' }, null, null],
      [
        { value: 12, formatted: '$12' },
        { value: 34, formatted: '$34' },
        { value: 56, formatted: '$56' },
      ],
    ]);
    expect(await ourRows(file)).toEqual([
      [true, day(2024, 3, 5), '#DIV/0!', { value: 0, formatted: '0' }],
      [
        { value: 12, formatted: '12' },
        { value: 34, formatted: '$34' },
        { value: 56, formatted: '$56' },
      ],
    ]);

    const inline = path.join(dir, 'inline-rich.xlsx');
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: inline, useSharedStrings: false });
    book
      .addWorksheet('Data')
      .addRow([{ richText: [{ text: 'Bold ', font: { bold: true } }, { text: 'run' }] }])
      .commit();
    await book.commit();
    expect(await exceljsRows(inline)).toEqual([['run']]);
    expect(await ourRows(inline)).toEqual([['Bold run']]);
  });

  it('names the sheet a workbook does not have', async () => {
    const file = await variedWorkbook('missing.xlsx');
    await expect(ourRows(file, 'Nope')).rejects.toThrow("The workbook has no sheet 'Nope'");
  });
});
