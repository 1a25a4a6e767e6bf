import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, neutralise } from './csv.js';
import { xlsxStream } from './xlsx-stream.js';

describe('CSV export', () => {
  it('neutralises cells a spreadsheet would run', () => {
    expect(neutralise('=1+2')).toBe("'=1+2");
    expect(neutralise('+1')).toBe("'+1");
    expect(neutralise('-cmd')).toBe("'-cmd");
    expect(neutralise('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutralise('plain')).toBe('plain');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('keeps numbers as numbers and quotes what needs quoting', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvCell([{ title: 'cat.png', path: 'download/x.png' }])).toBe('cat.png(download/x.png)');
    expect(csvLine(['x', 1, null])).toBe('x,1,\r\n');
  });
});

describe('streamed xlsx export', () => {
  async function* inBatches(rows: unknown[][], size: number) {
    for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
  }

  it('streams a workbook a real reader opens: typed cells, formula-like text kept as text', async () => {
    const rows: unknown[][] = [
      ['=cmd|calc', 5.5, true],
      ['<b>&\u0001', null, false],
    ];
    for (let i = 0; i < 2500; i++) rows.push([`row ${i}`, i, i % 2 === 0]);
    const chunks: Buffer[] = [];
    for await (const c of xlsxStream('Fruit/Veg', ['Title', 'Price', 'Done'], inBatches(rows, 1000)))
      chunks.push(c as Buffer);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Fruit Veg');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Title', 'Price', 'Done']);
    expect(sheet.getRow(2).values).toEqual([undefined, '=cmd|calc', 5.5, true]);
    expect(sheet.getCell('A2').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(3).values).toEqual([undefined, '<b>&', undefined, false]);
    expect(sheet.rowCount).toBe(2503);
    expect(sheet.getRow(2503).values).toEqual([undefined, 'row 2499', 2499, false]);
  });

  it('writes rows past column Z and escapes markup in text, as a real reader reads them back', async () => {
    const wide = Array.from({ length: 31 }, (_, i) => (i % 3 === 0 ? `a"b'<c>&d ${i}` : i % 3 === 1 ? i : null));
    const chunks: Buffer[] = [];
    const header = wide.map((_, i) => `F${i}`);
    for await (const c of xlsxStream('Wide', header, inBatches([wide, wide], 1))) chunks.push(c as Buffer);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getCell('AE1').value).toBe('F30');
    expect(sheet.getCell('AA3').value).toBe(null);
    expect(sheet.getCell('AB3').value).toBe(`a"b'<c>&d 27`);
    expect(sheet.getCell('AC3').value).toBe(28);
    expect(sheet.getRow(2).values).toEqual([undefined, ...wide.map((v) => v ?? undefined)]);
  });
});
