/** Export: /api/v1/db/data/noco/{base}/{table}/export/{csv|excel} with fields, where and sort honoured. */
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { createProductTable, insertRows, productRow, type ProductTable } from './rows-fixtures.js';

async function download(server: TestServer, path: string, token: string) {
  const res = await fetch(server.url + path, { headers: { 'xc-auth': token } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The parts of a zip (xlsx), read from its local headers. */
function unzip(buf: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let p = 0;
  while (buf.readUInt32LE(p) === 0x04034b50) {
    const packed = buf.readUInt32LE(p + 18);
    const nameLen = buf.readUInt16LE(p + 26);
    const start = p + 30 + nameLen + buf.readUInt16LE(p + 28);
    out[buf.toString('utf8', p + 30, p + 30 + nameLen)] = inflateRawSync(
      buf.subarray(start, start + packed),
    ).toString('utf8');
    p = start + packed;
  }
  return out;
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
    const parts = unzip(res.bytes);
    const sheet = parts['xl/worksheets/sheet1.xml']!;
    expect(sheet).toContain('<t xml:space="preserve">Title</t>');
    expect(sheet).toContain('<c r="B5"><v>-4</v></c>');
    expect(sheet).toContain('<c r="C3" t="b"><v>1</v></c>');
    expect(sheet).toContain('=HYPERLINK(&quot;http://evil.example&quot;,&quot;click&quot;)');
    expect(sheet).not.toContain('<f>');
  });

  it('refuses unknown formats, bad filters and callers without access', async () => {
    expect((await download(server, `${t.v1}/export/pdf`, token)).status).toBe(400);
    expect((await download(server, `${t.v1}/export/csv?where=(Nope,eq,1)`, token)).status).toBe(400);
    expect((await fetch(`${server.url}${t.v1}/export/csv`)).status).toBe(401);
  });
});
