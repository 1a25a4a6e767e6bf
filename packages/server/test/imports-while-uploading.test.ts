/**
 * A CSV whose `options` part comes before its file (as the web app sends them) is imported while it uploads: the
 * table exists and rows go in before the upload ends; an upload cut off midway leaves no table. docs/imports.md,
 * "Importing while the file uploads".
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './harness.js';
import { importSetup, type ImportSetup } from './imports-fixtures.js';
import { jobResult } from './jobs-fixtures.js';

const BOUNDARY = '----rowbase-test-boundary';
const ROWS = 20_000;
const csvRow = (i: number) => `Person ${i},${i},${i % 2 ? 'yes' : 'no'}\n`;

/** The head of a multipart body: the options part, then the file part's headers. */
const head = (title: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="options"\r\n\r\n${JSON.stringify({ title })}\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${title}.csv"\r\n` +
  `Content-Type: text/csv\r\n\r\nName,Number,Active\n`;
const tail = `\r\n--${BOUNDARY}--\r\n`;

/**
 * Sends the head and the first `firstRows` rows, then waits for `whilePaused` before sending the rest. Answers
 * the response's status and body.
 */
async function uploadInTwoHalves(
  s: ImportSetup,
  title: string,
  firstRows: number,
  whilePaused: () => Promise<void>,
) {
  const encoder = new TextEncoder();
  const rows = (from: number, to: number) => {
    let text = '';
    for (let i = from; i <= to; i++) text += csvRow(i);
    return encoder.encode(text);
  };
  const body = new ReadableStream<Uint8Array>({
    async start(stream) {
      stream.enqueue(encoder.encode(head(title)));
      stream.enqueue(rows(1, firstRows));
      await whilePaused();
      stream.enqueue(rows(firstRows + 1, ROWS));
      stream.enqueue(encoder.encode(tail));
      stream.close();
    },
  });
  const res = await fetch(`${s.server.url}/api/v1/db/meta/projects/${s.baseId}/import`, {
    method: 'POST',
    headers: { 'xc-auth': s.owner.token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, body: (await res.json()) as any };
}

/** Waits until `check` holds (every 50 ms, at most 30 s). */
async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting until ${what}`);
}

/** The base's import jobs, newest first as listed. */
const importJobs = async (s: ImportSetup) =>
  (await s.server.api.post(`/api/v2/jobs/${s.baseId}`, { job: 'import-table' }, { token: s.owner.token }))
    .body as any[];

describe.each(testDatabases())('imports while the file uploads on %s', (kind) => {
  const s = importSetup(kind);

  it('creates the table and inserts rows before the upload ends, then imports every row', async () => {
    let countDuringUpload = 0;
    const started = await uploadInTwoHalves(s, 'streamed', 12_000, async () => {
      // The first 12,000 rows are on the server: the table exists and holds rows while the rest is unsent.
      await until(async () => (await s.tableTitles()).includes('streamed'), 'the table exists');
      // One import job, running while the rest of the file is unsent.
      expect((await importJobs(s)).map((j) => j.status)).toEqual(['active']);
      await until(async () => {
        const table = (
          await s.server.api.get(`/api/v1/db/meta/projects/${s.baseId}/tables`, { token: s.owner.token })
        ).body.list.find((t: any) => t.title === 'streamed');
        countDuringUpload = (await s.recordsOf(table.id, 'limit=1')).length;
        return countDuringUpload > 0;
      }, 'rows are inserted');
    });
    expect(started.status).toBe(200);
    expect(started.body.title).toBe('streamed');
    expect(countDuringUpload).toBe(1);
    const result = await jobResult(s.server, started.body.id, s.owner.token);
    expect(result).toMatchObject({ title: 'streamed', rows_imported: ROWS, rows_skipped: 0 });
    expect((await s.fieldsOf(result.table_id)).map((c) => [c.title, c.uidt])).toEqual([
      ['Name', 'SingleLineText'],
      ['Number', 'Number'],
      ['Active', 'Checkbox'],
    ]);
    const last = await s.recordsOf(result.table_id, 'limit=1&offset=19999');
    expect(last[0]).toMatchObject({ Name: 'Person 20000', Number: 20000 });
    const job = (await importJobs(s)).find((j) => j.id === started.body.id);
    expect(job.status).toBe('completed');
  });

  it('an upload cut off midway fails its import and leaves no table', async () => {
    const before = (await importJobs(s)).length;
    // Over a connection of its own (node:http, no keep-alive), cut by destroying its socket.
    const { hostname, port } = new URL(s.server.url);
    const req = http.request({
      host: hostname,
      port,
      method: 'POST',
      path: `/api/v1/db/meta/projects/${s.baseId}/import`,
      agent: false,
      headers: { 'xc-auth': s.owner.token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    req.on('error', () => undefined);
    req.write(head('cut-off'));
    for (let i = 1; i <= 8_000; i++) req.write(csvRow(i));
    await until(async () => (await s.tableTitles()).includes('cut-off'), 'the table exists');
    req.destroy();
    await until(async () => !(await s.tableTitles()).includes('cut-off'), 'the table is removed');
    await until(async () => {
      const jobs = await importJobs(s);
      return jobs.length > before && jobs.every((j) => j.status === 'completed' || j.status === 'failed');
    }, 'the job ends');
    const jobs = await importJobs(s);
    const cut = jobs.filter((j) => j.status === 'failed');
    expect(cut).toHaveLength(1);
    expect(cut[0].error).toBe('The upload did not complete');
    expect(await s.tableTitles()).not.toContain('cut-off');
  });
});
