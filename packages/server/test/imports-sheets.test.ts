/** Several sheets of a workbook imported at once, each into a new table; a failure or cancel leaves none behind. */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './harness.js';
import { importIntoBase, importSetup, type ImportSetup } from './imports-fixtures.js';
import { followJob, jobResult } from './jobs-fixtures.js';

async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Uploads a workbook to the set-up's base (`suffix` '/preview' previews it). */
const upload = (s: ImportSetup, file: Buffer, name: string, options: unknown, suffix = '') =>
  importIntoBase(s.server, s.owner.token, s.baseId, { name, body: new Uint8Array(file) }, options, suffix);

/** A table's fields as [title, type]. */
const fieldsOf = async (s: ImportSetup, tableId: string) =>
  (await s.fieldsOf(tableId)).map((c: any) => [c.title, c.uidt]);

describe.each(testDatabases())('importing several sheets on %s', (kind) => {
  const s = importSetup(kind);

  it('previews any sheet, then imports the chosen sheets as one table each', async () => {
    const file = await workbook({
      Customers: [
        ['Name', 'City'],
        ['Ann', 'Oslo'],
        ['Bob', 'Rome'],
      ],
      Orders: [
        ['Ref', 'Qty', 'Day'],
        ['A-1', 3, new Date(Date.UTC(2024, 0, 5))],
        ['A-2', 5, new Date(Date.UTC(2024, 1, 6))],
        ['A-3', 2, new Date(Date.UTC(2024, 2, 7))],
      ],
      Notes: [['Text'], ['not imported']],
    });
    const first = await upload(s, file, 'shop.xlsx', {}, '/preview');
    expect(first.status).toBe(200);
    expect(first.body.sheets).toEqual(['Customers', 'Orders', 'Notes']);
    expect(first.body.sheet).toBe('Customers');
    expect(first.body.columns.map((c: any) => c.title)).toEqual(['Name', 'City']);
    const orders = await upload(s, file, 'shop.xlsx', { sheet: 'Orders' }, '/preview');
    expect(orders.body.sheet).toBe('Orders');
    expect(orders.body.total).toBe(3);
    expect(orders.body.columns.map((c: any) => [c.title, c.uidt])).toEqual([
      ['Ref', 'SingleLineText'],
      ['Qty', 'Number'],
      ['Day', 'Date'],
    ]);

    const started = await upload(s, file, 'shop.xlsx', {
      sheets: [
        { name: 'Customers' },
        { name: 'Orders', title: 'Sales', columns: [{ index: 1, uidt: 'Decimal', title: 'Amount' }] },
      ],
    });
    expect(started.status).toBe(200);
    expect(started.body.titles).toEqual(['Customers', 'Sales']);
    const result = await jobResult(s.server, started.body.id, s.owner.token);
    expect(result).toMatchObject({ rows_imported: 5, rows_skipped: 0, title: 'Customers' });
    expect(result.tables.map((t: any) => [t.title, t.sheet, t.rows_imported])).toEqual([
      ['Customers', 'Customers', 2],
      ['Sales', 'Orders', 3],
    ]);
    const [customers, sales] = result.tables;
    expect(await fieldsOf(s, customers.table_id)).toEqual([
      ['Name', 'SingleLineText'],
      ['City', 'SingleLineText'],
    ]);
    expect(await fieldsOf(s, sales.table_id)).toEqual([
      ['Ref', 'SingleLineText'],
      ['Amount', 'Decimal'],
      ['Day', 'Date'],
    ]);
    expect((await s.recordsOf(customers.table_id)).map((r: any) => [r.Name, r.City])).toEqual([
      ['Ann', 'Oslo'],
      ['Bob', 'Rome'],
    ]);
    expect(
      (await s.recordsOf(sales.table_id)).map((r: any) => [r.Ref, r.Amount, String(r.Day).slice(0, 10)]),
    ).toEqual([
      ['A-1', 3, '2024-01-05'],
      ['A-2', 5, '2024-02-06'],
      ['A-3', 2, '2024-03-07'],
    ]);
    expect(await s.tableTitles()).not.toContain('Notes');

    // The same sheets again: titles are made unique in the base, one after the other.
    const again = await upload(s, file, 'shop.xlsx', { sheets: [{ name: 'Customers' }, { name: 'Orders' }] });
    expect(again.body.titles).toEqual(['Customers_1', 'Orders']);
    await jobResult(s.server, again.body.id, s.owner.token);
  });

  it('refuses a sheet the workbook does not have, a sheet listed twice and sheets of a CSV, storing nothing', async () => {
    const file = await workbook({ One: [['A'], ['x']], Two: [['B'], ['y']] });
    const before = await s.tableTitles();
    const missing = await upload(s, file, 'two.xlsx', { sheets: [{ name: 'One' }, { name: 'Three' }] });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe("sheets[1].name: the workbook has no sheet 'Three'");
    const twice = await upload(s, file, 'two.xlsx', { sheets: [{ name: 'Two' }, { name: 'Two' }] });
    expect(twice.status).toBe(400);
    expect(twice.body.msg).toBe("sheets[1].name: the sheet 'Two' is listed twice");
    const preview = await upload(s, file, 'two.xlsx', { sheet: 'Nine' }, '/preview');
    expect(preview.status).toBe(400);
    expect(preview.body.msg).toBe("sheet: the workbook has no sheet 'Nine'");
    const csv = await upload(s, Buffer.from('a,b\n1,2\n'), 'plain.csv', { sheets: [{ name: 'One' }] });
    expect(csv.status).toBe(400);
    expect(csv.body.msg).toBe('sheets: only an xlsx workbook has sheets');
    expect(await s.tableTitles()).toEqual(before);
  });

  it('an empty sheet among the chosen ones fails the import before any table is created', async () => {
    const file = await workbook({ Filled: [['A'], ['x']], Empty: [] });
    const started = await upload(s, file, 'gap.xlsx', { sheets: [{ name: 'Filled' }, { name: 'Empty' }] });
    const { close } = await followJob(s.server, started.body.id, s.owner.token);
    expect(close.data?.status).toBe('failed');
    expect(close.data?.data.error.message).toBe("The sheet 'Empty' has no columns to import");
    expect(await s.tableTitles()).not.toContain('Filled');
  });

  it('cancelling while the second sheet is inserted removes the first sheet’s table too', async () => {
    const big: unknown[][] = [['Code', 'Amount']];
    for (let i = 0; i < 60_000; i++) big.push([`c${i}`, i]);
    const file = await workbook({ Small: [['Name'], ['a'], ['b'], ['c']], Large: big });
    const started = await upload(s, file, 'mixed.xlsx', {
      sheets: [
        { name: 'Small', title: 'Small cancelled' },
        { name: 'Large', title: 'Large cancelled' },
      ],
    });
    const id = started.body.id;
    // Wait until the second sheet's first batch is in: by then the first sheet's table is full.
    for (let mid = 0; ;) {
      const r = await s.server.api.post(
        '/jobs/listen',
        { _mid: mid, data: { id } },
        { token: s.owner.token },
      );
      const batch = Array.isArray(r.body) ? r.body : [r.body];
      mid = batch.at(-1)._mid ?? mid;
      const done = batch
        .map((m: any) => /^Imported (\d+) of/.exec(m.data?.data?.message ?? '')?.[1])
        .filter(Boolean)
        .map(Number);
      if (done.some((n: number) => n > 3)) break;
      if (batch.some((m: any) => m.status === 'close')) throw new Error('the import ended before the cancel');
    }
    await s.server.api.post('/jobs/cancel', { id }, { token: s.owner.token });
    const { close } = await followJob(s.server, id, s.owner.token, 0, 120_000);
    expect(close.data?.status).toBe('failed');
    expect(close.data?.data.error.message).toBe('The job was cancelled');
    const titles = await s.tableTitles();
    expect(titles).not.toContain('Small cancelled');
    expect(titles).not.toContain('Large cancelled');
  }, 150_000);
});
