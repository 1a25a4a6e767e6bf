/** Export: /api/v1/db/data/noco/{base}/{table}/export/{csv|excel|json} with fields, where and sort honoured. */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { createProductTable, insertRows, productRow, type ProductTable } from './rows-fixtures.js';

async function download(server: TestServer, path: string, token: string) {
  const res = await fetch(server.url + path, { headers: { 'xc-auth': token } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The workbook's first sheet as rows of cell values, read back with ExcelJS (a real xlsx reader). */
async function readSheet(bytes: Buffer): Promise<{ name: string; rows: unknown[][]; formulas: number }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  let formulas = 0;
  sheet.eachRow((row) => {
    const cells: unknown[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => {
      if (cell.type === ExcelJS.ValueType.Formula) formulas++;
      cells.push(cell.value);
    });
    rows.push(cells);
  });
  return { name: sheet.name, rows, formulas };
}

describe.each(testDatabases())('export on %s', (kind) => {
  let server: TestServer;
  let t: ProductTable;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await createProductTable(server);
    token = t.owner.token;
    await insertRows(server, t, [
      productRow(1, { Title: '=HYPERLINK("http://evil.example","click")', Notes: 'a, "quoted"\nline' }),
      productRow(2, { Title: '+1-2', Tags: ['red', 'green'] }),
      productRow(3, { Title: '@SUM(A1:A2)' }),
      productRow(4, { Title: 'plain', Qty: -4 }),
    ]);
  });
  afterAll(async () => server?.close());

  it('exports CSV with formula-like cells neutralised, honouring fields, where and sort', async () => {
    const where = encodeURIComponent('(Qty,neq,2)');
    const res = await download(
      server,
      `${t.v1}/export/csv?fields=Title,Qty,Notes&where=${where}&sort=-Id`,
      token,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Products.csv"');
    expect(res.headers.get('nc-export-offset')).toBe('-1');
    const text = res.bytes.toString('utf8').replace(/^\ufeff/, '');
    expect(text.split('\r\n')).toEqual([
      'Title,Qty,Notes',
      'plain,-4,',
      "'@SUM(A1:A2),3,",
      `"'=HYPERLINK(""http://evil.example"",""click"")",1,"a, ""quoted""\nline"`,
      '',
    ]);
  });

  it('exports an xlsx workbook with typed cells', async () => {
    const res = await download(server, `${t.v1}/export/excel?fields=Title,Qty,Done&sort=Id`, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Products.xlsx"');
    const sheet = await readSheet(res.bytes);
    expect(sheet.name).toBe('Products');
    // Numbers stay numbers, checkboxes booleans, and formula-like text stays text: never a live formula.
    expect(sheet.rows).toEqual([
      ['Title', 'Qty', 'Done'],
      ['=HYPERLINK("http://evil.example","click")', 1, false],
      ['+1-2', 2, true],
      ['@SUM(A1:A2)', 3, false],
      ['plain', -4, true],
    ]);
    expect(sheet.formulas).toBe(0);
  });

  it('exports JSON: one array of the rows with the values the records API gives, fields, where and sort honoured', async () => {
    const where = encodeURIComponent('(Qty,neq,2)');
    const res = await download(
      server,
      `${t.v1}/export/json?fields=Title,Qty,Tags,Done&where=${where}&sort=-Id`,
      token,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Products.json"');
    const exported = JSON.parse(res.bytes.toString('utf8'));
    const listed = (
      await server.api.get(
        `/api/v2/tables/${t.tableId}/records?fields=Title,Qty,Tags,Done&where=${where}&sort=-Id`,
        { token },
      )
    ).body.list;
    expect(exported.map((r: any) => Object.keys(r))).toEqual(
      listed.map(() => ['Title', 'Qty', 'Tags', 'Done']),
    );
    expect(exported).toEqual(
      listed.map((r: any) => ({ Title: r.Title, Qty: r.Qty, Tags: r.Tags ?? null, Done: r.Done })),
    );
    expect(exported.map((r: any) => [r.Title, r.Qty])).toEqual([
      ['plain', -4],
      ['@SUM(A1:A2)', 3],
      ['=HYPERLINK("http://evil.example","click")', 1],
    ]);
    const none = await download(
      server,
      `${t.v1}/export/json?where=${encodeURIComponent('(Qty,eq,99)')}`,
      token,
    );
    expect(JSON.parse(none.bytes.toString('utf8'))).toEqual([]);
  });

  it('refuses unknown formats, bad filters and callers without access', async () => {
    expect((await download(server, `${t.v1}/export/pdf`, token)).status).toBe(400);
    expect((await download(server, `${t.v1}/export/csv?where=(Nope,eq,1)`, token)).status).toBe(400);
    expect((await download(server, `${t.v1}/export/json?where=(Nope,eq,1)`, token)).status).toBe(400);
    expect((await fetch(`${server.url}${t.v1}/export/csv`)).status).toBe(401);
  });
});
