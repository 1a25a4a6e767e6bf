/**
 * Imports of awkward files: ragged rows, duplicate and empty headers, dates written in several formats (the most
 * frequent decides how ambiguous ones are read), a streamed JSON file with a broken record, and a file over the
 * upload limit (a 400, nothing stored).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { followJob, jobResult } from './jobs-fixtures.js';
import { createBase, signedInOwner, type Owner } from './meta-factories.js';

/** The upload limit for this file's servers: a few kilobytes. */
const LIMIT = 4096;

describe.each(testDatabases())('imports of awkward files on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let baseId: string;

  beforeAll(async () => {
    process.env.RB_IMPORT_MAX_BYTES = String(LIMIT);
    server = await startTestServer(kind);
    owner = await signedInOwner(server);
    baseId = (await createBase(server, owner)).id;
  });
  afterAll(async () => {
    await server?.close();
    delete process.env.RB_IMPORT_MAX_BYTES;
  });

  const upload = async (name: string, body: string, options: unknown = {}, suffix = '') => {
    const form = new FormData();
    form.append('options', JSON.stringify(options));
    form.append('file', new Blob([body]), name);
    const res = await fetch(`${server.url}/api/v1/db/meta/projects/${baseId}/import${suffix}`, {
      method: 'POST',
      body: form,
      headers: { 'xc-auth': owner.token },
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const imported = async (name: string, body: string) => {
    const started = await upload(name, body);
    expect(started.status).toBe(200);
    const result = await jobResult(server, started.body.id, owner.token);
    const table = await server.api.get(`/api/v1/db/meta/tables/${result.table_id}`, { token: owner.token });
    const fields = table.body.columns
      .filter((c: any) => !c.system && !c.pk)
      .map((c: any) => ({ title: c.title, uidt: c.uidt, meta: c.meta }));
    const rows = (
      await server.api.get(`/api/v2/tables/${result.table_id}/records?limit=100`, { token: owner.token })
    ).body.list;
    return { result, fields, rows };
  };
  const tableTitles = async () =>
    (await server.api.get(`/api/v1/db/meta/projects/${baseId}/tables`, { token: owner.token })).body.list.map(
      (t: any) => t.title,
    ) as string[];

  it('widens the table for ragged rows and leaves the missing cells empty', async () => {
    const { result, fields, rows } = await imported(
      'ragged.csv',
      'Code,Label\na1,first,extra\na2\na3,third\n',
    );
    expect(result).toMatchObject({ rows_imported: 3, rows_skipped: 0 });
    expect(fields.map((f: any) => f.title)).toEqual(['Code', 'Label', 'Field 3']);
    expect(rows.map((r: any) => [r.Code, r.Label, r['Field 3']])).toEqual([
      ['a1', 'first', 'extra'],
      ['a2', null, null],
      ['a3', 'third', null],
    ]);
  });

  it('names duplicate headers apart and empty ones "Field N"', async () => {
    const preview = await upload('headers.csv', 'Name,Name,,Name, \nann,bob,cid,dee,eve\n', {}, '/preview');
    expect(preview.status).toBe(200);
    expect(preview.body.columns.map((c: any) => c.title)).toEqual([
      'Name',
      'Name_1',
      'Field 3',
      'Name_2',
      'Field 5',
    ]);
    const { rows } = await imported('headers.csv', 'Name,Name,,Name, \nann,bob,cid,dee,eve\n');
    expect(rows.map((r: any) => [r.Name, r.Name_1, r['Field 3'], r.Name_2, r['Field 5']])).toEqual([
      ['ann', 'bob', 'cid', 'dee', 'eve'],
    ]);
  });

  it('reads dates in the format most of the column uses; other formats still read as themselves', async () => {
    const csv = [
      'Day first,Month first',
      '25/12/2024,12/25/2024',
      '04/05/2024,04/05/2024',
      '31/01/2024,01/31/2024',
      '2024-03-05,2024-03-05',
    ].join('\n');
    const preview = await upload('dates.csv', csv, {}, '/preview');
    expect(preview.body.columns.map((c: any) => [c.title, c.uidt, c.dateFormat])).toEqual([
      ['Day first', 'Date', 'DD/MM/YYYY'],
      ['Month first', 'Date', 'MM/DD/YYYY'],
    ]);
    const { result, fields, rows } = await imported('dates.csv', csv);
    expect(result).toMatchObject({ rows_imported: 4, rows_skipped: 0 });
    // A file with no text column gets the usual Title field besides its own.
    expect(fields.slice(1).map((f: any) => [f.uidt, f.meta?.date_format])).toEqual([
      ['Date', 'DD/MM/YYYY'],
      ['Date', 'MM/DD/YYYY'],
    ]);
    expect(
      rows.map((r: any) => [String(r['Day first']).slice(0, 10), String(r['Month first']).slice(0, 10)]),
    ).toEqual([
      ['2024-12-25', '2024-12-25'],
      // The ambiguous date: day first in one column, month first in the other.
      ['2024-05-04', '2024-04-05'],
      ['2024-01-31', '2024-01-31'],
      ['2024-03-05', '2024-03-05'],
    ]);
  });

  it('imports a JSON file record by record, and a broken record fails the job with no table', async () => {
    const { rows } = await imported(
      'people.json',
      '[{"name":"a","tags":["x","y"]},\n {"name":"b \\"quoted\\" }","age":3}]',
    );
    expect(rows.map((r: any) => [r.name, r.age])).toEqual([
      ['a', null],
      ['b "quoted" }', 3],
    ]);
    const started = await upload('broken-record.json', '[{"name":"a"},{"name":}]');
    const { close } = await followJob(server, started.body.id, owner.token);
    expect(close.data?.status).toBe('failed');
    expect(close.data?.data.error.message).toMatch(/^The file is not valid JSON: record 2: /);
    expect(await tableTitles()).not.toContain('broken-record');
  });

  it('refuses a file over the upload limit with a 400, storing neither a table nor the file', async () => {
    const big =
      'Text\n' +
      'x'
        .repeat(100)
        .concat('\n')
        .repeat(LIMIT / 50);
    expect(big.length).toBeGreaterThan(LIMIT);
    const dir = path.join(server.ctx.config.dataDir, 'imports');
    const before = await readdir(dir).catch(() => []);
    for (const suffix of ['', '/preview']) {
      const res = await upload('too-big.csv', big, {}, suffix);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(`file: the file is larger than the limit of ${LIMIT} bytes`);
    }
    expect(await tableTitles()).not.toContain('too-big');
    expect(await readdir(dir).catch(() => [])).toEqual(before);
  });
});
