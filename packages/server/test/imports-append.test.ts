/**
 * Importing a file into an existing table: mapping file columns to fields, skipped columns, matching on a field
 * to update rows, "skip bad rows" against all-or-nothing, cancel, and the editor/viewer permissions.
 */
import { describe, expect, it } from 'vitest';
import { signUpUser, testDatabases } from './harness.js';
import { importIntoBase, importIntoTable, importSetup } from './imports-fixtures.js';
import { followJob, jobResult } from './jobs-fixtures.js';
import { createTable } from './meta-factories.js';

describe.each(testDatabases())('imports into an existing table on %s', (kind) => {
  const s = importSetup(kind);

  const peopleTable = async (title: string) => {
    const table = await createTable(s.server, s.owner, s.baseId, {
      table_name: title.toLowerCase(),
      title,
      columns: [
        { column_name: 'title', title: 'Name', uidt: 'SingleLineText' },
        { column_name: 'code', title: 'Code', uidt: 'SingleLineText' },
        { column_name: 'age', title: 'Age', uidt: 'Number' },
        { column_name: 'joined', title: 'Joined', uidt: 'Date' },
      ],
    });
    const seed = await s.server.api.post(
      `/api/v2/tables/${table.id}/records`,
      [
        { Name: 'Ann', Code: 'A1', Age: 30 },
        { Name: 'Bob', Code: 'B2', Age: 40 },
      ],
      { token: s.owner.token },
    );
    expect(seed.status, JSON.stringify(seed.body)).toBe(200);
    return table.id;
  };
  const recordsOf = async (tableId: string) =>
    (await s.recordsOf(tableId, 'limit=100&sort=Name')).map((r: any) => [
      r.Name,
      r.Code,
      r.Age,
      r.Joined ? String(r.Joined).slice(0, 10) : null,
    ]);

  it('appends rows by header name, skipping columns the table has no field for', async () => {
    const tableId = await peopleTable('ByHeader');
    const body = 'name,Age,Unknown,Joined\nCid,27,zzz,25/05/2024\nDee,55,yyy,16/06/2024\n';
    const started = await importIntoTable(s.server, s.owner.token, tableId, { name: 'more.csv', body });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const result = await jobResult(s.server, started.body.id, s.owner.token);
    expect(result).toMatchObject({ rows_inserted: 2, rows_updated: 0, rows_skipped: 0 });
    expect(await recordsOf(tableId)).toEqual([
      ['Ann', 'A1', 30, null],
      ['Bob', 'B2', 40, null],
      ['Cid', null, 27, '2024-05-25'],
      ['Dee', null, 55, '2024-06-16'],
    ]);
  });

  it('maps columns as told and updates the rows whose match field is already there', async () => {
    const tableId = await peopleTable('Matched');
    const body = 'Key,Who,Years,Ignored\nB2,Bobby,41,x\nC3,Cid,27,y\n';
    const started = await importIntoTable(
      s.server,
      s.owner.token,
      tableId,
      { name: 'upsert.csv', body },
      {
        columns: [
          { index: 0, field: 'Code' },
          { index: 1, field: 'Name' },
          { index: 2, field: 'Age' },
        ],
        match: 'Code',
      },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const result = await jobResult(s.server, started.body.id, s.owner.token);
    expect(result).toMatchObject({ rows_imported: 2, rows_inserted: 1, rows_updated: 1, rows_skipped: 0 });
    expect(await recordsOf(tableId)).toEqual([
      ['Ann', 'A1', 30, null],
      ['Bobby', 'B2', 41, null],
      ['Cid', 'C3', 27, null],
    ]);
  });

  it('a bad row fails the whole import and writes nothing; with "skip bad rows" only that row is left out', async () => {
    const tableId = await peopleTable('BadRows');
    const body = 'Name,Age\nCid,27\nDee,old\nEve,33\n';
    const strict = await importIntoTable(s.server, s.owner.token, tableId, { name: 'bad.csv', body });
    const { close } = await followJob(s.server, strict.body.id, s.owner.token);
    expect(close.data?.status).toBe('failed');
    expect(close.data?.data.error.message).toMatch(/^Row 2: .*Age/);
    expect((await recordsOf(tableId)).map((r: any[]) => r[0])).toEqual(['Ann', 'Bob']);

    const lenient = await importIntoTable(
      s.server,
      s.owner.token,
      tableId,
      { name: 'bad.csv', body },
      { skipBadRows: true },
    );
    const result = await jobResult(s.server, lenient.body.id, s.owner.token);
    expect(result).toMatchObject({ rows_inserted: 2, rows_skipped: 1 });
    expect(result.skipped[0]).toMatchObject({ row: 2, values: ['Dee', 'old'] });
    expect((await recordsOf(tableId)).map((r: any[]) => r[0])).toEqual(['Ann', 'Bob', 'Cid', 'Eve']);
  });

  it('a bad row after rows were written takes them back: new rows deleted, updated rows as they were', async () => {
    const tableId = await peopleTable('Undone');
    const lines = ['Code,Name,Age', 'B2,Bobby,41'];
    for (let i = 0; i < 60_000; i++) lines.push(`N${i},person ${i},${i === 55_000 ? 'old' : i % 90}`);
    const started = await importIntoTable(
      s.server,
      s.owner.token,
      tableId,
      { name: 'undo.csv', body: lines.join('\n') },
      { match: 'Code' },
    );
    const { messages, close } = await followJob(s.server, started.body.id, s.owner.token, 0, 120_000);
    expect(close.data?.status).toBe('failed');
    expect(close.data?.data.error.message).toMatch(/^Row 55002: .*Age/);
    // Batches were written before the bad row was reached.
    expect(messages.some((m) => m.data?.data?.message?.startsWith('Imported'))).toBe(true);
    expect(await recordsOf(tableId)).toEqual([
      ['Ann', 'A1', 30, null],
      ['Bob', 'B2', 40, null],
    ]);
  }, 150_000);

  it('a cancelled import into an existing table leaves it as it was', async () => {
    const tableId = await peopleTable('Cancelled');
    const lines = ['Name,Age'];
    for (let i = 0; i < 150_000; i++) lines.push(`person ${i},${i % 90}`);
    const started = await importIntoTable(s.server, s.owner.token, tableId, {
      name: 'many.csv',
      body: lines.join('\n'),
    });
    const id = started.body.id;
    for (let mid = 0; ;) {
      const r = await s.server.api.post(
        '/jobs/listen',
        { _mid: mid, data: { id } },
        { token: s.owner.token },
      );
      const batch = Array.isArray(r.body) ? r.body : [r.body];
      mid = batch.at(-1)._mid ?? mid;
      if (batch.some((m: any) => m.data?.data?.message?.startsWith('Imported') || m.status === 'close'))
        break;
    }
    await s.server.api.post('/jobs/cancel', { id }, { token: s.owner.token });
    const { close } = await followJob(s.server, id, s.owner.token, 0, 120_000);
    expect(close.data?.status).toBe('failed');
    const count = await s.server.api.get(`/api/v2/tables/${tableId}/records/count`, { token: s.owner.token });
    expect(count.body.count).toBe(2);
  }, 150_000);

  it('refuses a mapping to a missing field; editors may append, viewers may not', async () => {
    const tableId = await peopleTable('Perms');
    const wrong = await importIntoTable(
      s.server,
      s.owner.token,
      tableId,
      { name: 'x.csv', body: 'A\n1\n' },
      { columns: [{ index: 0, field: 'Nope' }] },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe("columns[0].field: the table has no field 'Nope'");

    const editor = await signUpUser(s.server.api);
    const viewer = await signUpUser(s.server.api);
    for (const [u, roles] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const res = await s.server.api.post(
        `/api/v1/db/meta/projects/${s.baseId}/users`,
        { email: u.email, roles },
        { token: s.owner.token },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const file = { name: 'x.csv', body: 'Name\nZed\n' };
    expect((await importIntoTable(s.server, viewer.token, tableId, file)).status).toBe(403);
    const byEditor = await importIntoTable(s.server, editor.token, tableId, file);
    expect(byEditor.status, JSON.stringify(byEditor.body)).toBe(200);
    expect(await jobResult(s.server, byEditor.body.id, editor.token)).toMatchObject({ rows_inserted: 1 });
    // A new table stays a creator's: the editor may not import one.
    const res = await importIntoBase(s.server, editor.token, s.baseId, {
      name: 'x.csv',
      body: 'Name\nZed\n',
    });
    expect(res.status).toBe(403);
  });
});
