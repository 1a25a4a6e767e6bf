/** Imports as jobs: type detection on upload, rows stored, bad rows skipped with reasons, cancel, a 100k-row file. */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './harness.js';
import { importIntoBase, importSetup } from './imports-fixtures.js';
import { followJob, jobResult } from './jobs-fixtures.js';

const MIXED_CSV = [
  'Name,Age,Price,E-mail,Active,Joined,Colour,Notes',
  'Ann,31,10.5,ann@example.com,yes,2024-01-05,red,"line one\nline two"',
  'Bob,42,3,bob@example.com,no,2024-02-06,blue,short',
  'Cid,27,7.25,cid@example.com,yes,2024-03-07,red,',
  'Dee,55,1,dee@example.com,no,2024-04-08,blue,x',
].join('\n');

describe.each(testDatabases())('imports on %s', (kind) => {
  const s = importSetup(kind);

  it('previews the detected fields, then imports a CSV with mixed types into a new table', async () => {
    const file = { name: 'people.csv', body: '\uFEFF' + MIXED_CSV };
    const preview = await importIntoBase(s.server, s.owner.token, s.baseId, file, {}, '/preview');
    expect(preview.status).toBe(200);
    expect(preview.body.total).toBe(4);
    expect(preview.body.columns.map((c: any) => [c.title, c.uidt])).toEqual([
      ['Name', 'SingleLineText'],
      ['Age', 'Number'],
      ['Price', 'Decimal'],
      ['E_mail', 'Email'],
      ['Active', 'Checkbox'],
      ['Joined', 'Date'],
      ['Colour', 'SingleSelect'],
      ['Notes', 'LongText'],
    ]);

    const started = await importIntoBase(s.server, s.owner.token, s.baseId, file);
    expect(started.status).toBe(200);
    expect(started.body.title).toBe('people');
    const result = await jobResult(s.server, started.body.id, s.owner.token);
    expect(result).toMatchObject({ title: 'people', rows_imported: 4, rows_skipped: 0 });
    const cols = await s.fieldsOf(result.table_id);
    expect(cols.map((c) => [c.title, c.uidt])).toEqual(
      preview.body.columns.map((c: any) => [c.title, c.uidt]),
    );
    const rows = await s.recordsOf(result.table_id);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      Name: 'Ann',
      Age: 31,
      Price: 10.5,
      E_mail: 'ann@example.com',
      Colour: 'red',
    });
    expect([true, 1]).toContain(rows[0].Active);
    expect([false, 0, null]).toContain(rows[1].Active);
    expect(String(rows[0].Joined)).toContain('2024-01-05');
    expect(rows[0].Notes).toBe('line one\nline two');
  });

  it('skips a row the chosen type refuses, keeps the reason and offers the skipped rows as CSV', async () => {
    const body = 'Title,Count\na,1\nb,lots\nc,3\n';
    const started = await importIntoBase(
      s.server,
      s.owner.token,
      s.baseId,
      { name: 'counts.csv', body },
      {
        columns: [{ index: 1, uidt: 'Number', title: 'How many' }],
      },
    );
    const result = await jobResult(s.server, started.body.id, s.owner.token);
    expect(result).toMatchObject({ rows_imported: 2, rows_skipped: 1 });
    expect(result.skipped[0].row).toBe(2);
    expect(result.skipped[0].reason).toMatch(/How many/);
    expect((await s.fieldsOf(result.table_id)).map((c) => [c.title, c.uidt])).toEqual([
      ['Title', 'SingleLineText'],
      ['How many', 'Number'],
    ]);
    expect((await s.recordsOf(result.table_id)).map((r: any) => [r.Title, r['How many']])).toEqual([
      ['a', 1],
      ['c', 3],
    ]);
    const csv = await fetch(`${s.server.url}/api/v1/db/meta/imports/${started.body.id}/skipped.csv`, {
      headers: { 'xc-auth': s.owner.token },
    });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('Row,Reason,Values');
    expect(text).toContain('b,lots');
  });

  it('refuses a file that is not CSV, TSV or JSON, and invalid JSON fails the job with no table', async () => {
    const bad = await importIntoBase(s.server, s.owner.token, s.baseId, { name: 'x.exe', body: 'MZ' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^file: /);
    const json = await importIntoBase(s.server, s.owner.token, s.baseId, {
      name: 'broken.json',
      body: '[{"a":1},',
    });
    const { close } = await followJob(s.server, json.body.id, s.owner.token);
    expect(close.data?.status).toBe('failed');
    expect(close.data?.data.error.message).toMatch(/not valid JSON/);
  });

  it('imports JSON records, flattening nested objects when asked', async () => {
    const body = JSON.stringify([
      { name: 'a', address: { city: 'Oslo' } },
      { name: 'b', address: { city: 'Rome' } },
    ]);
    const started = await importIntoBase(
      s.server,
      s.owner.token,
      s.baseId,
      { name: 'nested.json', body },
      { normalizeNested: true },
    );
    const result = await jobResult(s.server, started.body.id, s.owner.token);
    expect((await s.recordsOf(result.table_id)).map((r: any) => r.address_city)).toEqual(['Oslo', 'Rome']);
  });

  const bigCsv = (rows: number) => {
    const lines = ['Id2,Name,Amount,Flag,Day'];
    for (let i = 1; i <= rows; i++)
      lines.push(`${i},name ${i},${(i % 997) + 0.5},${i % 2 ? 'yes' : 'no'},2024-01-${(i % 28) + 1}`);
    return lines.join('\n');
  };

  it('reads UTF-16 (little and big endian, with a BOM) and falls back to Latin-1 for text that is not UTF-8', async () => {
    const text = 'Name,City\nJosé,Zürich\nAnaïs,Malmö\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    const files = [
      { name: 'utf16le.csv', body: new Uint8Array(le) },
      { name: 'utf16be.csv', body: new Uint8Array(be) },
      { name: 'latin1.csv', body: new Uint8Array(Buffer.from(text, 'latin1')) },
    ];
    for (const file of files) {
      const started = await importIntoBase(s.server, s.owner.token, s.baseId, file);
      expect(started.status, file.name).toBe(200);
      const result = await jobResult(s.server, started.body.id, s.owner.token);
      expect(result.rows_imported, file.name).toBe(2);
      expect(
        (await s.fieldsOf(result.table_id)).map((c) => c.title),
        file.name,
      ).toEqual(['Name', 'City']);
      const rows = await s.recordsOf(result.table_id);
      expect(
        rows.map((r: any) => [r.Name, r.City]),
        file.name,
      ).toEqual([
        ['José', 'Zürich'],
        ['Anaïs', 'Malmö'],
      ]);
    }
  });

  it('fetches a file by URL under the address guard: a loopback address is refused and nothing is imported', async () => {
    const csvServer = http.createServer((_req, res) => {
      res.setHeader('content-type', 'text/csv');
      res.end('Name\nAnn\n');
    });
    await new Promise<void>((resolve) => csvServer.listen(0, '127.0.0.1', resolve));
    try {
      const port = (csvServer.address() as AddressInfo).port;
      const form = new FormData();
      form.append('url', `http://127.0.0.1:${port}/people-by-url.csv`);
      const res = await fetch(`${s.server.url}/api/v1/db/meta/projects/${s.baseId}/import`, {
        method: 'POST',
        body: form,
        headers: { 'xc-auth': s.owner.token },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).msg).toBe(
        'URL host 127.0.0.1 is not allowed: it is a local, private or reserved address',
      );
      expect(await s.tableTitles()).not.toContain('people-by-url');
    } finally {
      csvServer.close();
    }
  });

  it('imports a 100k-row CSV and reports progress as rows done of total', async () => {
    const inserted: { tableId: string; ids: unknown[] }[] = [];
    const stop = s.server.ctx.changes.subscribe(
      (e: any) => void (e.type === 'rows.inserted' && inserted.push(e)),
      { name: 'import-test' },
    );
    const started = Date.now();
    const res = await importIntoBase(s.server, s.owner.token, s.baseId, {
      name: 'big.csv',
      body: bigCsv(100_000),
    });
    const { messages, close } = await followJob(s.server, res.body.id, s.owner.token, 0, 300_000);
    expect(close.data?.status).toBe('completed');
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `[${kind}] 100k-row CSV import: ${seconds.toFixed(1)} s, ${Math.round(100_000 / seconds)} rows/s`,
    );
    expect(close.data?.data.result).toMatchObject({ rows_imported: 100_000, rows_skipped: 0 });
    const progress = messages.map((m) => m.data?.data?.message).filter((m) => m?.startsWith('Imported'));
    expect(progress.at(-1)).toBe('Imported 100000 of 100000 rows');
    const count = await s.server.api.get(`/api/v2/tables/${close.data?.data.result.table_id}/records/count`, {
      token: s.owner.token,
    });
    expect(count.body.count).toBe(100_000);
    // Keys follow the file's order (on SQLite, 50 rows per statement take consecutive rowids).
    const tableId = close.data?.data.result.table_id;
    for (const n of [1, 50, 51, 54_321, 99_999, 100_000]) {
      const found = await s.server.api.get(`/api/v2/tables/${tableId}/records?where=(Id2,eq,${n})`, {
        token: s.owner.token,
      });
      expect(found.body.list.map((r: any) => [r.Id, r.Name])).toEqual([[n, `name ${n}`]]);
    }
    // Each row's order is its place in the file, across batches of 5,000: new rows go after the last one.
    const { model, db } = await s.server.ctx.tableModels.get(s.server.ctx, tableId);
    const pk = model.pk!.name;
    const orders = await db(model.tableName)
      .select({ id: pk, order: model.rowOrder!.name })
      .whereIn(pk, [1, 2, 5_000, 5_001, 99_999, 100_000])
      .orderBy(pk);
    expect(orders.map((r: any) => [Number(r.id), Number(r.order)])).toEqual(
      [1, 2, 5_000, 5_001, 99_999, 100_000].map((n) => [n, n]),
    );
    // The change feed names the keys the rows were stored under.
    const ids = () => inserted.filter((e) => e.tableId === tableId).flatMap((e) => e.ids.map(Number));
    await expect.poll(() => ids().length).toBe(100_000);
    stop();
    expect(ids()).toEqual(Array.from({ length: 100_000 }, (_, i) => i + 1));
  }, 320_000);

  it('a cancelled import leaves no table behind', async () => {
    const res = await importIntoBase(s.server, s.owner.token, s.baseId, {
      name: 'cancelled.csv',
      body: bigCsv(100_000),
    });
    const id = res.body.id;
    // Wait for the first batch, then cancel.
    for (let mid = 0; ;) {
      const r = await s.server.api.post(
        '/jobs/listen',
        { _mid: mid, data: { id } },
        { token: s.owner.token },
      );
      const batch = Array.isArray(r.body) ? r.body : [r.body];
      mid = batch.at(-1)._mid ?? mid;
      if (batch.some((m: any) => m.data?.data?.message?.startsWith('Imported'))) break;
    }
    await s.server.api.post('/jobs/cancel', { id }, { token: s.owner.token });
    const { close } = await followJob(s.server, id, s.owner.token, 0, 120_000);
    expect(close.data?.status).toBe('failed');
    expect(close.data?.data.error.message).toBe('The job was cancelled');
    expect(await s.tableTitles()).not.toContain('cancelled');
  }, 150_000);
});

describe.each(testDatabases())('xlsx imports on %s', (kind) => {
  const s = importSetup(kind);

  it('says "of N" with the sheet\'s full row count from the first progress, counted beside the inserts', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Long');
    sheet.addRow(['Name', 'Qty', 'Notes']);
    // Notes that do not compress: the workbook is over 4 MiB, so it is counted beside the inserts.
    const notes = (i: number) =>
      [1, 2, 3, 4, 5, 6].map((k) => createHash('sha512').update(`${i}/${k}`).digest('base64')).join('');
    for (let i = 1; i <= 12_000; i++) sheet.addRow([`item ${i}`, i, notes(i)]);
    const body = new Uint8Array(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(body.length).toBeGreaterThan(4 * 1024 * 1024);
    const started = await importIntoBase(s.server, s.owner.token, s.baseId, { name: 'long.xlsx', body });
    const { messages, close } = await followJob(s.server, started.body.id, s.owner.token, 0, 120_000);
    expect(close.data?.status).toBe('completed');
    const progress = messages.map((m) => m.data?.data?.message).filter((m) => m?.startsWith('Imported'));
    // Batches of 5,000 rows; the last message repeats the end.
    expect([...new Set(progress)]).toEqual([
      'Imported 5000 of 12000 rows',
      'Imported 10000 of 12000 rows',
      'Imported 12000 of 12000 rows',
    ]);
    const tableId = close.data?.data.result.table_id;
    const count = await s.server.api.get(`/api/v2/tables/${tableId}/records/count`, { token: s.owner.token });
    expect(count.body.count).toBe(12_000);
  });

  it('reads the first sheet: Currency from "$" formats, formula results, dates, mixed columns as text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Orders');
    sheet.addRow(['Item', 'Price', 'Qty', 'Total', 'Day', 'Ref']);
    const rows: [string, number, number, Date, string | number][] = [
      ['pen', 1.5, 2, new Date(Date.UTC(2024, 0, 5)), 'A1'],
      ['ink', 3, 4, new Date(Date.UTC(2024, 1, 6)), 7],
    ];
    rows.forEach(([item, price, qty, day, ref], i) => {
      const r = sheet.addRow([
        item,
        price,
        qty,
        { formula: `B${i + 2}*C${i + 2}`, result: price * qty },
        day,
        ref,
      ]);
      r.getCell(2).numFmt = '"$"#,##0.00';
    });
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const started = await importIntoBase(s.server, s.owner.token, s.baseId, {
      name: 'orders.xlsx',
      body: new Uint8Array(buffer),
    });
    const result = await jobResult(s.server, started.body.id, s.owner.token);
    expect(result).toMatchObject({ rows_imported: 2, rows_skipped: 0 });
    const types = (await s.fieldsOf(result.table_id)).map((c: any) => [c.title, c.uidt]);
    expect(types).toEqual([
      ['Item', 'SingleLineText'],
      ['Price', 'Currency'],
      ['Qty', 'Number'],
      ['Total', 'Number'],
      ['Day', 'Date'],
      ['Ref', 'SingleLineText'],
    ]);
    const list = (
      await s.server.api.get(`/api/v2/tables/${result.table_id}/records`, { token: s.owner.token })
    ).body.list;
    expect(list.map((r: any) => [r.Item, r.Price, r.Total, String(r.Day).slice(0, 10), r.Ref])).toEqual([
      ['pen', 1.5, 3, '2024-01-05', 'A1'],
      ['ink', 3, 12, '2024-02-06', '7'],
    ]);
  });

  it('refuses a workbook that would unpack past the limit (a decompression bomb), leaving no table', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Bomb');
    sheet.addRow(['Text']);
    for (let i = 0; i < 20_000; i++) sheet.addRow([`${i} ${'x'.repeat(500)}`]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    // About 10 MB unpacked from a file a few hundred times smaller; the limit is set to 5 MB for this test.
    expect(buffer.length).toBeLessThan(1_000_000);
    process.env.RB_IMPORT_MAX_XLSX_BYTES = '5000000';
    try {
      const upload = (suffix: string) =>
        importIntoBase(
          s.server,
          s.owner.token,
          s.baseId,
          { name: 'bomb.xlsx', body: new Uint8Array(buffer) },
          {},
          suffix,
        );
      const preview = await upload('/preview');
      expect(preview.status).toBe(400);
      expect(preview.body.msg).toMatch(/^file: The workbook would unpack to more than 5000000 bytes/);
      const started = await upload('');
      const { close } = await followJob(s.server, started.body.id, s.owner.token);
      expect(close.data?.status).toBe('failed');
      expect(close.data?.data.error.message).toMatch(/decompression bomb/);
      expect(await s.tableTitles()).not.toContain('bomb');
    } finally {
      delete process.env.RB_IMPORT_MAX_XLSX_BYTES;
    }
  });
});
