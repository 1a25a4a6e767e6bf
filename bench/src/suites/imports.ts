/**
 * The import and export figures of issue 13, over real HTTP to a server process on embedded SQLite:
 * a generated CSV of 10 mixed-type columns (BENCH_IMPORT_ROWS, default 1,000,000) uploaded and imported as a
 * job, an xlsx of a tenth as many rows, then the imported table exported as CSV and xlsx. Rates are rows/s end
 * to end (upload included for imports); RSS is the server's peak, sampled while each step runs.
 * BENCH_IMPORT_EXPORTS=0 leaves the exports out.
 */
import { createWriteStream } from 'node:fs';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import type { Api } from '../rows-bench.js';
import { measured } from '../measured.js';
import type { ServerProcess } from '../server-process.js';

const COLOURS = ['red', 'green', 'blue', 'amber', 'violet'];
const HEADER = ['Name', 'Age', 'Price', 'Email', 'Active', 'Joined', 'Colour', 'Notes', 'Code', 'Score'];

/** One data row: text, integer, decimal, e-mail, yes/no, date, select, text, text, integer. */
function rowAt(i: number): (string | number | boolean)[] {
  const day = `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
  return [
    `Person number ${i}`,
    18 + (i % 70),
    ((i * 37) % 100_000) / 100,
    `user${i}@example.com`,
    i % 3 === 0 ? 'yes' : 'no',
    day,
    COLOURS[i % COLOURS.length]!,
    `Note about item ${(i * 7919) % 1_000_003} for the import bench`,
    `C-${(i * 31) % 99_991}`,
    (i * 13) % 1000,
  ];
}

/** The suite's CSV: the header and `rows` rows (also read by prepare-rows-bench.ts). */
export async function writeCsv(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  let chunk = HEADER.join(',') + '\n';
  for (let i = 1; i <= rows; i++) {
    chunk += rowAt(i).join(',') + '\n';
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

async function writeXlsx(file: string, rows: number): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const sheet = book.addWorksheet('Data');
  sheet.addRow(HEADER).commit();
  for (let i = 1; i <= rows; i++) sheet.addRow(rowAt(i)).commit();
  sheet.commit();
  await book.commit();
}

async function importFile(api: Api, baseId: string, file: string, type: string) {
  const form = new FormData();
  // The options first, as the web app sends them: the server then starts the import while the file arrives.
  form.append('options', '{}');
  form.append('file', await openAsBlob(file, { type }), path.basename(file));
  const res = await fetch(`${api.url}/api/v1/db/meta/projects/${baseId}/import`, {
    method: 'POST',
    headers: { 'xc-auth': api.token },
    body: form,
  });
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const job = (await (
      await fetch(`${api.url}/jobs/status`, {
        method: 'POST',
        headers: { 'xc-auth': api.token, 'content-type': 'application/json' },
        body: JSON.stringify({ id }),
      })
    ).json()) as { status: string; error?: string; result?: { table_id: string; rows_imported: number } };
    if (job.status === 'completed') return job.result!;
    if (job.status === 'failed' || job.status === 'cancelled')
      throw new Error(`import ${job.status}: ${job.error}`);
  }
}

/** Reads an export to the end; returns its size in bytes. */
async function exportTable(api: Api, baseId: string, tableId: string, type: 'csv' | 'excel') {
  const res = await fetch(`${api.url}/api/v1/db/data/noco/${baseId}/${tableId}/export/${type}`, {
    headers: { 'xc-auth': api.token },
  });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

/** Runs the suite, printing each figure as soon as it is measured. */
export async function importsBench(api: Api, server: ServerProcess): Promise<void> {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
  const xlsxRows = Math.round(rows / 10);
  const dir = await mkdtemp(path.join(tmpdir(), 'rowbase-import-bench-'));
  const line = (name: string, value: string) => console.log(`${name.padEnd(52)} ${value}`);
  const perSecond = (n: number, s: number) => `${Math.round(n / s).toLocaleString('en')} rows/s`;
  const rate = (n: number, m: { seconds: number; cpuSeconds: number; mainCpuSeconds?: number }) =>
    `${perSecond(n, m.seconds)} (${perSecond(n, m.cpuSeconds)} of server CPU` +
    (m.mainCpuSeconds ? `, ${perSecond(n, m.mainCpuSeconds)} of its main thread)` : ')');
  try {
    const base = (await (
      await fetch(`${api.url}/api/v1/db/meta/projects`, {
        method: 'POST',
        headers: { 'xc-auth': api.token, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Import bench' }),
      })
    ).json()) as { id: string };
    const csv = path.join(dir, 'people.csv');
    await writeCsv(csv, rows);
    const csvMb = (await stat(csv)).size / 1024 / 1024;
    const imported = await measured(server, () => importFile(api, base.id, csv, 'text/csv'));
    if (imported.value.rows_imported !== rows)
      throw new Error(`CSV import stored ${imported.value.rows_imported} of ${rows} rows`);
    line(
      `import CSV (${rows.toLocaleString('en')} rows, ${csvMb.toFixed(0)} MB)`,
      `${rate(rows, imported)}   peak RSS ${imported.peakMb.toFixed(0)} MB (from ${imported.startMb.toFixed(0)} MB)`,
    );

    const xlsx = path.join(dir, 'people.xlsx');
    await writeXlsx(xlsx, xlsxRows);
    const fromXlsx = await measured(server, () =>
      importFile(api, base.id, xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    );
    line(
      `import xlsx (${xlsxRows.toLocaleString('en')} rows)`,
      `${rate(xlsxRows, fromXlsx)}   peak RSS ${fromXlsx.peakMb.toFixed(0)} MB (from ${fromXlsx.startMb.toFixed(0)} MB)`,
    );

    // BENCH_IMPORT_EXPORTS=0: the imports alone (quicker A/B runs of an import change).
    if (process.env.BENCH_IMPORT_EXPORTS === '0') return;
    const tableId = imported.value.table_id;
    // Indexes the server builds in the background after the import would be timed with the export.
    await server.indexesSettled();
    for (const type of ['csv', 'excel'] as const) {
      const out = await measured(server, () => exportTable(api, base.id, tableId, type));
      line(
        `export ${type === 'csv' ? 'CSV' : 'xlsx'} (${rows.toLocaleString('en')} rows, ${(out.value / 1024 / 1024).toFixed(0)} MB)`,
        `${rate(rows, out)}   peak RSS ${out.peakMb.toFixed(0)} MB (from ${out.startMb.toFixed(0)} MB)`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
