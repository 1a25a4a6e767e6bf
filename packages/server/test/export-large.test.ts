/**
 * A large export is streamed in batches and loses no row: 12,000 rows (twelve batches, deep enough that pages
 * are read by key, not by offset) exported as CSV and xlsx over HTTP, read as they arrive, every row there once
 * and in order. See docs/imports.md (Exports).
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { createProductTable, insertRows, productRow, type ProductTable } from './rows-fixtures.js';

const ROWS = 12_000;
/** Rows per insert request. */
const CHUNK = 1000;

describe.each(testDatabases())('large exports on %s', (kind) => {
  let server: TestServer;
  let t: ProductTable;
  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await createProductTable(server);
    for (let i = 1; i <= ROWS; i += CHUNK)
      await insertRows(
        server,
        t,
        Array.from({ length: CHUNK }, (_, k) => productRow(i + k)),
      );
  });
  afterAll(async () => server?.close());

  const exportOf = async (type: 'csv' | 'excel') => {
    const res = await fetch(
      `${server.url}/api/v1/db/data/noco/${t.baseId}/${t.tableId}/export/${type}?fields=Code`,
      {
        headers: { 'xc-auth': t.owner.token },
      },
    );
    expect(res.status).toBe(200);
    return Readable.fromWeb(res.body as never);
  };
  const expected = Array.from({ length: ROWS }, (_, i) => `P-${i + 1}`);

  it(`streams a ${ROWS.toLocaleString('en')}-row CSV with every row once, in order`, async () => {
    // On SQLite, split between two reader threads whatever the machine's load (docs/imports.md).
    process.env.RB_EXPORT_SPLIT = 'on';
    let text = '';
    let chunks = 0;
    for await (const chunk of await exportOf('csv')) {
      text += (chunk as Buffer).toString('utf8');
      chunks++;
    }
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Code');
    expect(lines.slice(1, -1)).toEqual(expected);
    expect(lines.at(-1)).toBe('');
    // Sent as it was read, not as one body.
    expect(chunks).toBeGreaterThan(1);
    delete process.env.RB_EXPORT_SPLIT;
  });

  it(`streams a ${ROWS.toLocaleString('en')}-row xlsx a streaming reader opens, every row once, in order`, async () => {
    const codes: unknown[] = [];
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(await exportOf('excel'), {});
    for await (const sheet of reader) for await (const row of sheet) codes.push((row.values as unknown[])[1]);
    expect(codes[0]).toBe('Code');
    expect(codes.slice(1)).toEqual(expected);
  });
});
