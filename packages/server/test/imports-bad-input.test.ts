/**
 * Imports of awkward files: ragged rows, duplicate and empty headers, dates written in several formats (the most
 * frequent decides how ambiguous ones are read), a streamed JSON file with a broken record, and a file over the
 * upload limit (a 400, nothing stored).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './harness.js';
import { importIntoBase, importSetup, type ImportSetup } from './imports-fixtures.js';
import { followJob, jobResult } from './jobs-fixtures.js';

/** The upload limit for this file's servers: a few kilobytes. */
const LIMIT = 4096;

/** Uploads a file to the set-up's base (`suffix` '/preview' previews it). */
const upload = (s: ImportSetup, name: string, body: string, options: unknown = {}, suffix = '') =>
  importIntoBase(s.server, s.owner.token, s.baseId, { name, body }, options, suffix);

describe.each(testDatabases())('imports of awkward files on %s', (kind) => {
  const s = importSetup(kind, { RB_IMPORT_MAX_BYTES: String(LIMIT) });

  const imported = async (name: string, body: string) => {
    const started = await upload(s, name, body);
    expect(started.status).toBe(200);
    const result = await jobResult(s.server, started.body.id, s.owner.token);
    const fields = (await s.fieldsOf(result.table_id)).map((c: any) => ({
      title: c.title,
      uidt: c.uidt,
      meta: c.meta,
    }));
    const rows = await s.recordsOf(result.table_id);
    return { result, fields, rows };
  };

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
    const preview = await upload(
      s,
      'headers.csv',
      'Name,Name,,Name, \nann,bob,cid,dee,eve\n',
      {},
      '/preview',
    );
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
    const preview = await upload(s, 'dates.csv', csv, {}, '/preview');
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
    const started = await upload(s, 'broken-record.json', '[{"name":"a"},{"name":}]');
    const { close } = await followJob(s.server, started.body.id, s.owner.token);
    expect(close.data?.status).toBe('failed');
    expect(close.data?.data.error.message).toMatch(/^The file is not valid JSON: record 2: /);
    expect(await s.tableTitles()).not.toContain('broken-record');
  });

  it('refuses a file over the upload limit with a 400, storing neither a table nor the file', async () => {
    const big =
      'Text\n' +
      'x'
        .repeat(100)
        .concat('\n')
        .repeat(LIMIT / 50);
    expect(big.length).toBeGreaterThan(LIMIT);
    const dir = path.join(s.server.ctx.config.dataDir, 'imports');
    const before = await readdir(dir).catch(() => []);
    for (const suffix of ['', '/preview']) {
      const res = await upload(s, 'too-big.csv', big, {}, suffix);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(`file: the file is larger than the limit of ${LIMIT} bytes`);
    }
    expect(await s.tableTitles()).not.toContain('too-big');
    expect(await readdir(dir).catch(() => [])).toEqual(before);
  });
});
