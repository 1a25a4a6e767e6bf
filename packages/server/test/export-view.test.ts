/**
 * A view's export as the grid shows it: visible fields in view order with computed ones (formula, lookup,
 * rollup, links) and codes included, the view's filters and sorts, durations as h:mm, phone numbers as they
 * are; the xlsx read back with a real reader (exceljs).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { buildShop, field, ok, type Shop } from './links-fixture.js';

/** RFC 4180 CSV to rows of cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && ch === '"') {
      quoted = false;
    } else if (quoted || (ch !== '"' && ch !== ',' && ch !== '\r')) {
      cell += ch;
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  return rows;
}

describe.each(testDatabases())('view export on %s', (kind) => {
  let server: TestServer;
  let shop: Shop;
  let viewPath: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    shop = await buildShop(server);
    const c = 'customers';
    await field(shop, c, { title: 'Phone', uidt: 'PhoneNumber' });
    await field(shop, c, { title: 'Spent', uidt: 'Duration', meta: { duration: 0 } });
    await field(shop, c, { title: 'Shout', uidt: 'Formula', formula_raw: 'CONCAT({Title}, "!")' });
    await field(shop, c, {
      title: 'Order titles',
      uidt: 'Lookup',
      fk_relation_column_id: shop.fields['Customers.Orders'],
      fk_lookup_column_id: shop.fields['Orders.Title'],
    });
    await field(shop, c, {
      title: 'Amount sum',
      uidt: 'Rollup',
      fk_relation_column_id: shop.fields['Customers.Orders'],
      fk_rollup_column_id: shop.fields['Orders.Amount'],
      rollup_function: 'sum',
    });
    await field(shop, c, {
      title: 'QR',
      uidt: 'QrCode',
      fk_qr_value_column_id: shop.fields['Customers.Title'],
    });
    await field(shop, c, {
      title: 'Bars',
      uidt: 'Barcode',
      fk_barcode_value_column_id: shop.fields['Customers.City'],
    });
    const table = shop.tables.customers.id;
    await ok(shop, 'patch', `/api/v2/tables/${table}/records`, [
      { Id: 1, Phone: '+49 30 123456', Spent: 5400 },
      { Id: 2, Phone: '+1 555 0100', Spent: 90 },
    ]);
    const view = (await ok(shop, 'get', `/api/v1/db/meta/tables/${table}/views`)).list[0];
    // The view hides City, leaves Dan out and sorts by title, last first.
    await ok(shop, 'patch', `/api/v1/db/meta/views/${view.id}/columns/${shop.fields['Customers.City']}`, {
      show: false,
    });
    await ok(shop, 'post', `/api/v1/db/meta/views/${view.id}/filters`, {
      fk_column_id: shop.fields['Customers.Title'],
      comparison_op: 'neq',
      value: 'Dan',
    });
    await ok(shop, 'post', `/api/v1/db/meta/views/${view.id}/sorts`, {
      fk_column_id: shop.fields['Customers.Title'],
      direction: 'desc',
    });
    viewPath = `/api/v1/db/data/noco/${shop.baseId}/${table}/views/${view.id}/export`;
  }, 240_000);
  afterAll(async () => server?.close());

  const download = async (format: string) => {
    const res = await fetch(`${server.url}${viewPath}/${format}`, {
      headers: { 'xc-auth': shop.owner.token },
    });
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.status, body.toString('utf8')).toBe(200);
    return body;
  };

  it('writes the CSV the grid shows: computed fields and codes included, formatted as displayed', async () => {
    const rows = parseCsv((await download('csv')).toString('utf8').replace(/^\ufeff/, ''));
    const header = rows[0]!;
    expect(header).toEqual([
      'Title',
      'Orders',
      'Country',
      'Phone',
      'Spent',
      'Shout',
      'Order titles',
      'Amount sum',
      'QR',
      'Bars',
    ]);
    const byTitle = (title: string) => {
      const row = rows.find((r) => r[0] === title)!;
      return Object.fromEntries(header.map((h, i) => [h, row[i]]));
    };
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Cho', 'Bob', 'Ann']);
    const ann = byTitle('Ann');
    expect(ann).toMatchObject({
      Orders: '3',
      Country: 'France',
      Phone: '+49 30 123456',
      Spent: '1:30',
      Shout: 'Ann!',
      QR: 'Ann',
      Bars: 'Paris',
    });
    expect(Number(ann['Amount sum'])).toBe(50.5);
    expect(ann['Order titles']!.split(', ').sort()).toEqual(['o1', 'o2', 'o3']);
    expect(byTitle('Bob')).toMatchObject({ Phone: '+1 555 0100', Spent: '0:02', Bars: 'Lyon' });
  });

  it('still escapes text a spreadsheet would run', async () => {
    await ok(shop, 'patch', `/api/v2/tables/${shop.tables.customers.id}/records`, [
      { Id: 3, City: '=HYPERLINK("http://evil.example")' },
    ]);
    const rows = parseCsv((await download('csv')).toString('utf8').replace(/^\ufeff/, ''));
    const cho = rows.find((r) => r[0] === 'Cho')!;
    expect(cho[rows[0]!.indexOf('Bars')]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(cho[rows[0]!.indexOf('Shout')]).toBe('Cho!');
  });

  it('writes an xlsx that a spreadsheet reader opens, numbers typed', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download('excel')) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Title',
      'Orders',
      'Country',
      'Phone',
      'Spent',
      'Shout',
      'Order titles',
      'Amount sum',
      'QR',
      'Bars',
    ]);
    const ann = sheet.getRow(4);
    expect(ann.getCell(1).value).toBe('Ann');
    expect(ann.getCell(header.indexOf('Spent') + 1).value).toBe('1:30');
    expect(ann.getCell(header.indexOf('Phone') + 1).value).toBe('+49 30 123456');
    expect(Number(ann.getCell(header.indexOf('Amount sum') + 1).value)).toBe(50.5);
  });

  it("writes JSON: the shown fields in view order, the view's filter and sort, values as the records API gives them", async () => {
    const exported = JSON.parse((await download('json')).toString('utf8'));
    expect(Object.keys(exported[0])).toEqual([
      'Title',
      'Orders',
      'Country',
      'Phone',
      'Spent',
      'Shout',
      'Order titles',
      'Amount sum',
    ]);
    expect(exported.map((r: any) => r.Title)).toEqual(['Cho', 'Bob', 'Ann']);
    const ann = exported[2];
    // Raw values, not display text: a duration in seconds, a rollup a number.
    expect(ann).toMatchObject({ Phone: '+49 30 123456', Spent: 5400, Shout: 'Ann!' });
    expect(Number(ann['Amount sum'])).toBe(50.5);
    const table = shop.tables.customers.id;
    const record = (await ok(shop, 'get', `/api/v2/tables/${table}/records?where=(Title,eq,Ann)`)).list[0];
    expect(ann.Spent).toEqual(record.Spent);
    expect(ann.Phone).toEqual(record.Phone);
  });
});
