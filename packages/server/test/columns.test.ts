import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_TYPES, VIRTUAL_UI_TYPES } from '@rowbase/core/fields/ui-types';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import {
  addColumn,
  columnByTitle,
  createBase,
  createTable,
  signedInOwner,
  type Owner,
} from './meta-factories.js';

/** Every stored type a client can create (ID, ForeignKey and the auto-filled ones are internal). */
const CREATABLE = UI_TYPES.filter(
  (t) =>
    !VIRTUAL_UI_TYPES.includes(t) &&
    !['ID', 'ForeignKey', 'AutoNumber', 'CreateTime', 'LastModifiedTime'].includes(t),
);

describe.each(testDatabases())('columns on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let baseId: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { LOG_LEVEL: 'error' });
    owner = await signedInOwner(server);
    baseId = (await createBase(server, owner)).id;
  });
  afterAll(async () => server?.close());

  it('creates, reads, renames and deletes a field of every stored UI type', async () => {
    const t = await createTable(server, owner, baseId, { title: 'AllTypes' });
    for (const uidt of CREATABLE) {
      const body: Record<string, unknown> = { title: `f ${uidt}`, uidt };
      if (uidt === 'SingleSelect' || uidt === 'MultiSelect')
        body.colOptions = { options: [{ title: 'a' }, { title: "it's" }] };
      const table = await addColumn(server, owner, t.id, body);
      const col = columnByTitle(table, `f ${uidt}`);
      expect(col).toMatchObject({ uidt, altered: 1 });
      expect(col.column_name).toBe(`f_${uidt}`);
      const read = await server.api.get(`/api/v1/db/meta/columns/${col.id}`, { token: owner.token });
      expect(read.body).toMatchObject({ id: col.id, uidt });
      const renamed = await server.api.patch(
        `/api/v1/db/meta/columns/${col.id}`,
        { title: `g ${uidt}`, column_name: `g_${uidt}` },
        { token: owner.token },
      );
      expect(renamed.status, `${uidt}: ${JSON.stringify(renamed.body)}`).toBe(200);
      expect(columnByTitle(renamed.body, `g ${uidt}`).column_name).toBe(`g_${uidt}`);
    }
    const info = await server.ctx.db(t.table_name).columnInfo();
    for (const uidt of CREATABLE) expect(Object.keys(info)).toContain(`g_${uidt}`);
    const table = (await server.api.get(`/api/v1/db/meta/tables/${t.id}`, { token: owner.token })).body;
    for (const uidt of CREATABLE) {
      const col = columnByTitle(table, `g ${uidt}`);
      const del = await server.api.delete(`/api/v1/db/meta/columns/${col.id}`, undefined, {
        token: owner.token,
      });
      expect(del.status, `${uidt}: ${JSON.stringify(del.body)}`).toBe(200);
    }
    const after = await server.ctx.db(t.table_name).columnInfo();
    expect(Object.keys(after).sort()).toEqual(['created_at', 'id', 'nc_order', 'title', 'updated_at']);
  });

  it('uses the dialect defaults: decimal 10 scale 2, varchar 255, MultiSelect as set on MySQL', async () => {
    const t = await createTable(server, owner, baseId, { title: 'Defaults' });
    let table = await addColumn(server, owner, t.id, { title: 'Price', uidt: 'Decimal' });
    expect(columnByTitle(table, 'Price')).toMatchObject({ dt: 'decimal', dtxp: '10', dtxs: '2' });
    table = await addColumn(server, owner, t.id, {
      title: 'Tags',
      uidt: 'MultiSelect',
      colOptions: { options: [{ title: 'x' }, { title: 'y' }] },
    });
    const tags = columnByTitle(table, 'Tags');
    expect(tags.dt).toBe(kind === 'mysql' ? 'set' : 'text');
    const many = Array.from({ length: 65 }, (_, i) => ({ title: `o${i}` }));
    table = await addColumn(server, owner, t.id, {
      title: 'Many',
      uidt: 'MultiSelect',
      colOptions: { options: many },
    });
    expect(columnByTitle(table, 'Many').dt).toBe('text');
  });

  it('fills CreateTime and LastModifiedTime from the database clock', async () => {
    const t = await createTable(server, owner, baseId, { title: 'Clock' });
    let table = await addColumn(server, owner, t.id, { title: 'Made', uidt: 'CreateTime' });
    table = await addColumn(server, owner, t.id, { title: 'Touched', uidt: 'LastModifiedTime' });
    expect(columnByTitle(table, 'Made')).toMatchObject({ cdf: 'CURRENT_TIMESTAMP' });
    expect(columnByTitle(table, 'Touched')).toMatchObject({ au: true, cdf: 'CURRENT_TIMESTAMP' });
    await server.ctx.db(t.table_name).insert({ title: 'x' });
    const [row] = await server.ctx.db(t.table_name).select('Made', 'Touched');
    // Filled by the database at insert: a time within the last minute (SQLite answers UTC text, the others dates).
    const age = (v: unknown) =>
      Date.now() - (v instanceof Date ? v : new Date(`${String(v).replace(' ', 'T')}Z`)).getTime();
    expect(Math.abs(age(row.Made))).toBeLessThan(60_000);
    expect(Math.abs(age(row.Touched))).toBeLessThan(60_000);
  });

  it('turns a stored field into a formula and back', async () => {
    const t = await createTable(server, owner, baseId, { title: 'Morph' });
    const table = await addColumn(server, owner, t.id, { title: 'Note', uidt: 'SingleLineText' });
    const note = columnByTitle(table, 'Note');
    const toFormula = await server.api.patch(
      `/api/v1/db/meta/columns/${note.id}`,
      { uidt: 'Formula', formula_raw: 'CONCAT({Title}, "!")' },
      { token: owner.token },
    );
    expect(toFormula.status, JSON.stringify(toFormula.body)).toBe(200);
    expect(columnByTitle(toFormula.body, 'Note')).toMatchObject({ uidt: 'Formula', column_name: null });
    expect(Object.keys(await server.ctx.db(t.table_name).columnInfo())).not.toContain('Note');
    const back = await server.api.patch(
      `/api/v1/db/meta/columns/${note.id}`,
      { uidt: 'LongText' },
      { token: owner.token },
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const stored = columnByTitle(back.body, 'Note');
    expect(stored).toMatchObject({ uidt: 'LongText', colOptions: null });
    expect(Object.keys(await server.ctx.db(t.table_name).columnInfo())).toContain(stored.column_name);
  });

  it('resolves duplicate titles with _1, _2 and refuses bad rules with 400', async () => {
    const t = await createTable(server, owner, baseId, { title: 'Rules' });
    await addColumn(server, owner, t.id, { title: 'Name', uidt: 'SingleLineText' });
    await addColumn(server, owner, t.id, { title: 'Name', uidt: 'SingleLineText' });
    const table = await addColumn(server, owner, t.id, { title: 'Name', uidt: 'SingleLineText' });
    expect(table.columns.map((c: any) => c.title)).toEqual(
      expect.arrayContaining(['Name', 'Name_1', 'Name_2']),
    );
    const ai = await server.api.post(
      `/api/v1/db/meta/tables/${t.id}/columns`,
      { title: 'Seq', uidt: 'Number', ai: true },
      { token: owner.token },
    );
    expect(ai.status).toBe(400);
    expect(ai.body.msg).toMatch(/auto increment/);
    const un = await server.api.post(
      `/api/v1/db/meta/tables/${t.id}/columns`,
      { title: 'U', uidt: 'Number', un: true },
      { token: owner.token },
    );
    expect(un.status).toBe(200);
    expect(columnByTitle(un.body, 'U').un).toBe(kind === 'mysql');
    const unText = await server.api.post(
      `/api/v1/db/meta/tables/${t.id}/columns`,
      { title: 'UT', uidt: 'SingleLineText', un: true },
      { token: owner.token },
    );
    expect(unText.status).toBe(kind === 'mysql' ? 400 : 200);
    const au = await server.api.post(
      `/api/v1/db/meta/tables/${t.id}/columns`,
      { title: 'A', uidt: 'SingleLineText', au: true },
      { token: owner.token },
    );
    expect(au.status).toBe(400);
    const badType = await server.api.post(
      `/api/v1/db/meta/tables/${t.id}/columns`,
      { title: 'B', uidt: 'Nope' },
      { token: owner.token },
    );
    expect(badType.status).toBe(400);
    const injection = await server.api.post(
      `/api/v1/db/meta/tables/${t.id}/columns`,
      { title: 'C', uidt: 'SpecificDBType', dt: 'int; drop table x' },
      { token: owner.token },
    );
    expect(injection.status).toBe(400);
    const badDefault = await server.api.post(
      `/api/v1/db/meta/tables/${t.id}/columns`,
      { title: 'D', uidt: 'Number', cdf: 'abc' },
      { token: owner.token },
    );
    expect(badDefault.status).toBe(400);
    expect(badDefault.body.msg).toMatch(/Invalid default value for column 'D'/);
    const goodDefault = await server.api.post(
      `/api/v1/db/meta/tables/${t.id}/columns`,
      { title: 'D', uidt: 'Number', cdf: '7' },
      { token: owner.token },
    );
    expect(goodDefault.status).toBe(200);
    const question = await server.api.post(
      `/api/v1/db/meta/tables/${t.id}/columns`,
      { title: 'Why', column_name: 'why?', uidt: 'SingleLineText' },
      { token: owner.token },
    );
    expect(question.status).toBe(400);
    expect(question.body.msg).toBe("Invalid column name 'why?'");
    const asked = await addColumn(server, owner, t.id, { title: 'Why?', uidt: 'SingleLineText' });
    expect(columnByTitle(asked, 'Why?').column_name).toBe('Why');
    const longTitle = 'A very long field title '.repeat(8).trim();
    const long = await addColumn(server, owner, t.id, { title: longTitle, uidt: 'SingleLineText' });
    expect(columnByTitle(long, longTitle).column_name.length).toBeLessThanOrEqual(60);
    if (kind === 'mysql') {
      const jsonDefault = await server.api.post(
        `/api/v1/db/meta/tables/${t.id}/columns`,
        { title: 'J', uidt: 'JSON', cdf: '{}' },
        { token: owner.token },
      );
      expect(jsonDefault.status).toBe(400);
    }
  });

  it('retypes fields converting values and never losing rows', async () => {
    const t = await createTable(server, owner, baseId, { title: 'Retype' });
    let table = await addColumn(server, owner, t.id, { title: 'Qty', uidt: 'SingleLineText' });
    table = await addColumn(server, owner, t.id, { title: 'Num', uidt: 'Number' });
    table = await addColumn(server, owner, t.id, { title: 'Status', uidt: 'SingleLineText' });
    await server.ctx.db(t.table_name).insert([
      { title: 'r1', Qty: '12', Num: 5, Status: 'open' },
      { title: 'r2', Qty: 'abc', Num: null, Status: 'done' },
      { title: 'r3', Qty: ' 7 ', Num: 42, Status: 'open' },
    ]);
    const qty = columnByTitle(table, 'Qty');
    const r1 = await server.api.patch(
      `/api/v1/db/meta/columns/${qty.id}`,
      { ...qty, uidt: 'Number' },
      { token: owner.token },
    );
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    expect(columnByTitle(r1.body, 'Qty')).toMatchObject({ uidt: 'Number', altered: 1 });
    let rows = await server.ctx.db(t.table_name).orderBy('id').select('title', 'Qty', 'Num', 'Status');
    expect(rows.map((r: any) => (r.Qty === null ? null : Number(r.Qty)))).toEqual([12, null, 7]);
    expect(rows).toHaveLength(3);

    const num = columnByTitle(r1.body, 'Num');
    const r2 = await server.api.patch(
      `/api/v1/db/meta/columns/${num.id}`,
      { uidt: 'SingleLineText' },
      { token: owner.token },
    );
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);
    rows = await server.ctx.db(t.table_name).orderBy('id').select('Num');
    expect(rows.map((r: any) => r.Num)).toEqual(['5', null, '42']);

    // A change the data cannot take (required, but a row has no number) is refused and leaves no trace.
    const qty2 = columnByTitle(r2.body, 'Qty');
    const refused = await server.api.patch(
      `/api/v1/db/meta/columns/${qty2.id}`,
      { rqd: true },
      { token: owner.token },
    );
    expect(refused.status).toBe(400);
    const info = Object.keys(await server.ctx.db(t.table_name).columnInfo());
    expect(info.filter((n) => n.endsWith('__rbn'))).toEqual([]);
    expect(info).toContain('Qty');
    const qtyAfter = await server.ctx.db(t.table_name).orderBy('id').select('Qty');
    expect(qtyAfter.map((r: any) => (r.Qty === null ? null : Number(r.Qty)))).toEqual([12, null, 7]);

    const status = columnByTitle(r2.body, 'Status');
    const r3 = await server.api.patch(
      `/api/v1/db/meta/columns/${status.id}`,
      { uidt: 'SingleSelect' },
      { token: owner.token },
    );
    expect(r3.status, JSON.stringify(r3.body)).toBe(200);
    const sel = columnByTitle(r3.body, 'Status');
    expect(sel.colOptions.options.map((o: any) => o.title).sort()).toEqual(['done', 'open']);
    rows = await server.ctx.db(t.table_name).orderBy('id').select('Status');
    expect(rows.map((r: any) => r.Status)).toEqual(['open', 'done', 'open']);
  });

  it('retypes one field through every stored UI type and back, keeping every row', async () => {
    const t = await createTable(server, owner, baseId, { title: 'Chain' });
    let table = await addColumn(server, owner, t.id, { title: 'Val', uidt: 'SingleLineText' });
    await server.ctx.db(t.table_name).insert([
      { title: 'a', Val: '1' },
      { title: 'b', Val: 'x' },
      { title: 'c', Val: null },
    ]);
    let col = columnByTitle(table, 'Val');
    for (const uidt of [...CREATABLE, 'SingleLineText']) {
      const body: Record<string, unknown> = { uidt };
      const res = await server.api.patch(`/api/v1/db/meta/columns/${col.id}`, body, { token: owner.token });
      expect(res.status, `to ${uidt}: ${JSON.stringify(res.body)}`).toBe(200);
      col = columnByTitle(res.body, 'Val');
      expect(col.uidt).toBe(uidt);
      const rows = await server.ctx.db(t.table_name).select('title');
      expect(rows).toHaveLength(3);
    }
    table = (await server.api.get(`/api/v1/db/meta/tables/${t.id}`, { token: owner.token })).body;
    expect(Object.keys(await server.ctx.db(t.table_name).columnInfo())).toContain('Val');
  });

  it('renames select options in the rows and keeps values of kept options', async () => {
    const t = await createTable(server, owner, baseId, { title: 'Options' });
    let table = await addColumn(server, owner, t.id, {
      title: 'State',
      uidt: 'SingleSelect',
      colOptions: { options: [{ title: 'new' }, { title: 'old' }] },
    });
    table = await addColumn(server, owner, t.id, {
      title: 'Labels',
      uidt: 'MultiSelect',
      colOptions: { options: [{ title: 'a' }, { title: 'b' }] },
    });
    await server.ctx.db(t.table_name).insert([
      { State: 'new', Labels: 'a,b' },
      { State: 'old', Labels: 'b' },
    ]);
    const state = columnByTitle(table, 'State');
    const options = state.colOptions.options.map((o: any) =>
      o.title === 'old' ? { ...o, title: 'legacy' } : o,
    );
    options.push({ title: 'extra' });
    const r1 = await server.api.patch(
      `/api/v1/db/meta/columns/${state.id}`,
      { colOptions: { options } },
      { token: owner.token },
    );
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    expect(columnByTitle(r1.body, 'State').colOptions.options.map((o: any) => o.title)).toEqual([
      'new',
      'legacy',
      'extra',
    ]);
    const labels = columnByTitle(r1.body, 'Labels');
    const lopts = labels.colOptions.options.map((o: any) => (o.title === 'b' ? { ...o, title: 'B' } : o));
    const r2 = await server.api.patch(
      `/api/v1/db/meta/columns/${labels.id}`,
      { colOptions: { options: lopts } },
      { token: owner.token },
    );
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);
    const rows = await server.ctx.db(t.table_name).orderBy('id').select('State', 'Labels');
    expect(rows).toEqual([
      { State: 'new', Labels: 'a,B' },
      { State: 'legacy', Labels: 'B' },
    ]);
    if (kind === 'mysql') expect(columnByTitle(r2.body, 'State').dt).toBe('enum');
  });

  it('sets the display value, serves a columns hash and applies bulk operations', async () => {
    const t = await createTable(server, owner, baseId, { title: 'Bulk' });
    const table = await addColumn(server, owner, t.id, { title: 'Name', uidt: 'SingleLineText' });
    const name = columnByTitle(table, 'Name');
    const pv = await server.api.post(
      `/api/v1/db/meta/columns/${name.id}/primary`,
      {},
      { token: owner.token },
    );
    expect(pv.status).toBe(200);
    const after = (await server.api.get(`/api/v1/db/meta/tables/${t.id}`, { token: owner.token })).body;
    expect(after.columns.filter((c: any) => c.pv).map((c: any) => c.title)).toEqual(['Name']);
    // A file field cannot be the display value: refused, and the display value stays.
    const withFiles = await addColumn(server, owner, t.id, { title: 'Files', uidt: 'Attachment' });
    const refused = await server.api.post(
      `/api/v1/db/meta/columns/${columnByTitle(withFiles, 'Files').id}/primary`,
      {},
      { token: owner.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('A Attachment field cannot be the display value');
    const still = (await server.api.get(`/api/v1/db/meta/tables/${t.id}`, { token: owner.token })).body;
    expect(still.columns.filter((c: any) => c.pv).map((c: any) => c.title)).toEqual(['Name']);

    const hash = (await server.api.get(`/api/v1/db/meta/tables/${t.id}/columns/hash`, { token: owner.token }))
      .body.hash;
    expect(hash).toMatch(/^[0-9a-f]{40}$/);
    const bulk = await server.api.post(
      `/api/v1/db/meta/tables/${t.id}/columns/bulk`,
      {
        hash,
        ops: [
          { op: 'add', column: { title: 'Added', uidt: 'Number' } },
          { op: 'update', column: { id: name.id, title: 'Full name' } },
        ],
      },
      { token: owner.token },
    );
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.columns.map((c: any) => c.title)).toEqual(
      expect.arrayContaining(['Added', 'Full name']),
    );
    const stale = await server.api.post(
      `/api/v1/db/meta/tables/${t.id}/columns/bulk`,
      { hash, ops: [] },
      { token: owner.token },
    );
    expect(stale.status).toBe(409);
  });

  it('duplicates a field with its values', async () => {
    const t = await createTable(server, owner, baseId, { title: 'Dup' });
    const table = await addColumn(server, owner, t.id, { title: 'Score', uidt: 'Number' });
    await server.ctx.db(t.table_name).insert([{ Score: 3 }, { Score: 9 }]);
    const score = columnByTitle(table, 'Score');
    const res = await server.api.post(
      `/api/v1/db/meta/duplicate/${baseId}/column/${score.id}`,
      {},
      { token: owner.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.title).toBe('Score copy');
    const rows = await server.ctx.db(t.table_name).orderBy('id').select(res.body.column_name);
    expect(rows.map((r: any) => Number(r[res.body.column_name]))).toEqual([3, 9]);
  });

  it('creates a belongs-to link from the child side and a self-referencing link', async () => {
    const teams = await createTable(server, owner, baseId, { title: 'Teams' });
    const people = await createTable(server, owner, baseId, { title: 'Members' });
    const bt = await addColumn(server, owner, people.id, {
      title: 'Team',
      uidt: 'LinkToAnotherRecord',
      childId: teams.id,
      type: 'bt',
    });
    const team = columnByTitle(bt, 'Team');
    expect(team.colOptions).toMatchObject({ type: 'bt', fk_related_model_id: teams.id });
    const fk = bt.columns.find((c: any) => c.id === team.colOptions.fk_child_column_id);
    expect(fk).toMatchObject({ uidt: 'ForeignKey', column_name: 'Teams_id', system: true });
    const teamsMeta = (await server.api.get(`/api/v1/db/meta/tables/${teams.id}`, { token: owner.token }))
      .body;
    expect(columnByTitle(teamsMeta, 'Members').colOptions).toMatchObject({
      type: 'hm',
      fk_child_column_id: fk.id,
    });

    const self = await addColumn(server, owner, people.id, {
      title: 'Mentees',
      uidt: 'Links',
      childId: people.id,
      type: 'hm',
    });
    const mentees = columnByTitle(self, 'Mentees');
    const back = self.columns.find(
      (c: any) =>
        c.uidt === 'LinkToAnotherRecord' &&
        c.colOptions.fk_child_column_id === mentees.colOptions.fk_child_column_id,
    );
    expect(back).toMatchObject({ uidt: 'LinkToAnotherRecord', fk_model_id: people.id });
    expect(back.id).not.toBe(mentees.id);
  });

  it('creates hm and mm links (both sides, FK column / junction table) and lookups, rollups, formulas over them', async () => {
    const customers = await createTable(server, owner, baseId, { title: 'Customers' });
    const orders = await createTable(server, owner, baseId, {
      title: 'Orders',
      columns: [{ title: 'Amount', uidt: 'Decimal' }],
    });
    const hm = await addColumn(server, owner, customers.id, {
      title: 'Orders',
      uidt: 'Links',
      parentId: customers.id,
      childId: orders.id,
      type: 'hm',
    });
    const link = columnByTitle(hm, 'Orders');
    expect(link.colOptions).toMatchObject({ type: 'hm', fk_related_model_id: orders.id });
    const ordersMeta = (await server.api.get(`/api/v1/db/meta/tables/${orders.id}`, { token: owner.token }))
      .body;
    const bt = ordersMeta.columns.find((c: any) => c.uidt === 'LinkToAnotherRecord');
    expect(bt.colOptions).toMatchObject({ type: 'bt', fk_related_model_id: customers.id });
    const fk = ordersMeta.columns.find((c: any) => c.id === bt.colOptions.fk_child_column_id);
    expect(fk).toMatchObject({ uidt: 'ForeignKey', column_name: 'Customers_id' });
    expect(Object.keys(await server.ctx.db(orders.table_name).columnInfo())).toContain('Customers_id');

    const amount = columnByTitle(ordersMeta, 'Amount');
    const lookup = await addColumn(server, owner, customers.id, {
      title: 'Amounts',
      uidt: 'Lookup',
      fk_relation_column_id: link.id,
      fk_lookup_column_id: amount.id,
    });
    expect(columnByTitle(lookup, 'Amounts').colOptions).toMatchObject({
      fk_relation_column_id: link.id,
      fk_lookup_column_id: amount.id,
    });
    const rollup = await addColumn(server, owner, customers.id, {
      title: 'Total',
      uidt: 'Rollup',
      fk_relation_column_id: link.id,
      fk_rollup_column_id: amount.id,
      rollup_function: 'sum',
    });
    expect(columnByTitle(rollup, 'Total').colOptions).toMatchObject({ rollup_function: 'sum' });
    const formula = await addColumn(server, owner, orders.id, {
      title: 'Double',
      uidt: 'Formula',
      formula_raw: '{Amount} * 2',
    });
    expect(columnByTitle(formula, 'Double').colOptions).toMatchObject({
      formula_raw: '{Amount} * 2',
      formula: `{${amount.id}} * 2`,
    });
    const badFormula = await server.api.post(
      `/api/v1/db/meta/tables/${orders.id}/columns`,
      { title: 'Bad', uidt: 'Formula', formula_raw: '{Nope} + 1' },
      { token: owner.token },
    );
    expect(badFormula.status).toBe(422);
    expect(badFormula.body.msg).toContain('Invalid column name/id "Nope" in formula');
    const badLookup = await server.api.post(
      `/api/v1/db/meta/tables/${customers.id}/columns`,
      { title: 'X', uidt: 'Lookup', fk_relation_column_id: 'nope', fk_lookup_column_id: amount.id },
      { token: owner.token },
    );
    expect(badLookup.status).toBe(400);

    const tags = await createTable(server, owner, baseId, { title: 'Tags' });
    const mm = await addColumn(server, owner, orders.id, {
      title: 'Tags',
      uidt: 'Links',
      parentId: orders.id,
      childId: tags.id,
      type: 'mm',
    });
    const mmCol = columnByTitle(mm, 'Tags');
    expect(mmCol.colOptions).toMatchObject({ type: 'mm', fk_related_model_id: tags.id });
    const junction = (
      await server.api.get(`/api/v1/db/meta/tables/${mmCol.colOptions.fk_mm_model_id}`, {
        token: owner.token,
      })
    ).body;
    expect(junction.mm).toBe(true);
    expect(await server.ctx.db.schema.hasTable(junction.table_name)).toBe(true);

    // Deleting the link removes both sides, the FK column and dependent lookup/rollup.
    const del = await server.api.delete(`/api/v1/db/meta/columns/${link.id}`, undefined, {
      token: owner.token,
    });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(del.body.columns.map((c: any) => c.title)).not.toEqual(
      expect.arrayContaining(['Orders', 'Amounts', 'Total']),
    );
    expect(Object.keys(await server.ctx.db(orders.table_name).columnInfo())).not.toContain('Customers_id');
    // Deleting a table removes the mm junction and the other side.
    const delTags = await server.api.delete(`/api/v1/db/meta/tables/${tags.id}`, undefined, {
      token: owner.token,
    });
    expect(delTags.status).toBe(200);
    expect(await server.ctx.db.schema.hasTable(junction.table_name)).toBe(false);
    const ordersAfter = (await server.api.get(`/api/v1/db/meta/tables/${orders.id}`, { token: owner.token }))
      .body;
    expect(ordersAfter.columns.some((c: any) => c.title === 'Tags')).toBe(false);
  });
});
