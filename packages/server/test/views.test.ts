import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { addBaseUser, addField, seedTable, type SeededTable } from './view-fixtures.js';

describe.each(testDatabases())('views on %s', (kind) => {
  let server: TestServer;
  let t: SeededTable;
  const opts = () => ({ token: t.token });

  beforeAll(async () => {
    server = await startTestServer(kind);
    // First user is super admin; the table owner is a plain base owner.
    await seedTable(server, []);
    t = await seedTable(server, [
      { title: 'Status', uidt: 'SingleSelect' },
      { title: 'Photo', uidt: 'Attachment' },
      { title: 'Place', uidt: 'GeoData' },
      { title: 'Start', uidt: 'Date' },
      { title: 'End', uidt: 'DateTime' },
    ]);
  });
  afterAll(async () => server?.close());

  it('creates every view type and lists them in order after the default view', async () => {
    const types = { grids: 3, forms: 1, galleries: 2, kanbans: 4, maps: 5, calendars: 6 };
    for (const [segment, type] of Object.entries(types)) {
      const res = await server.api.post(
        `/api/v1/db/meta/tables/${t.tableId}/${segment}`,
        { title: `My ${segment}` },
        opts(),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        title: `My ${segment}`,
        type,
        fk_model_id: t.tableId,
        is_default: false,
      });
      expect(res.body.password).toBe(false);
      expect(res.body.password_hash).toBeUndefined();
    }
    const list = await server.api.get(`/api/v1/db/meta/tables/${t.tableId}/views`, opts());
    expect(list.status).toBe(200);
    expect(list.body.list.map((v: { title: string }) => v.title)).toEqual([
      'Things',
      'My grids',
      'My forms',
      'My galleries',
      'My kanbans',
      'My maps',
      'My calendars',
    ]);
    expect(list.body.list[0].view.row_height).toBe(0);
    const kanban = list.body.list.find((v: { type: number }) => v.type === 4);
    expect(kanban.view.fk_grp_col_id).toBe(t.col.Status);
    const map = list.body.list.find((v: { type: number }) => v.type === 5);
    expect(map.view.fk_geo_data_col_id).toBe(t.col.Place);
    const gallery = list.body.list.find((v: { type: number }) => v.type === 2);
    expect(gallery.view.fk_cover_image_col_id).toBe(t.col.Photo);
    const cal = list.body.list.find((v: { type: number }) => v.type === 6);
    expect(cal.view.calendar_range[0].fk_from_column_id).toBe(t.col.Start);
  });

  it('refuses a duplicate title (case-insensitive) and a blank one', async () => {
    const dup = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/grids`,
      { title: 'my GRIDS' },
      opts(),
    );
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toContain('already exists');
    const blank = await server.api.post(`/api/v1/db/meta/tables/${t.tableId}/grids`, { title: '  ' }, opts());
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toContain('title');
  });

  it('renames and reorders a view; a rename onto another title is refused', async () => {
    const v = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/grids`,
      { title: 'Renamable' },
      opts(),
    );
    const renamed = await server.api.patch(
      `/api/v1/db/meta/views/${v.body.id}`,
      { title: 'Renamed', order: 0.5 },
      opts(),
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe('Renamed');
    const clash = await server.api.patch(`/api/v1/db/meta/views/${v.body.id}`, { title: 'Things' }, opts());
    expect(clash.status).toBe(400);
    const list = await server.api.get(`/api/v1/db/meta/tables/${t.tableId}/views`, opts());
    expect(list.body.list[0].title).toBe('Renamed');
  });

  it('sets grid row height, validates it, and reads the grid through its columns', async () => {
    const g = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/grids`,
      { title: 'Tall grid' },
      opts(),
    );
    const ok = await server.api.patch(`/api/v1/db/meta/grids/${g.body.id}`, { row_height: 2 }, opts());
    expect(ok.status).toBe(200);
    expect(ok.body.row_height).toBe(2);
    expect(ok.body.meta.rowHeight).toBe(2);
    const viaMeta = await server.api.patch(
      `/api/v1/db/meta/views/${g.body.id}`,
      { meta: { rowHeight: 3 } },
      opts(),
    );
    expect(viaMeta.body.view.row_height).toBe(3);
    const bad = await server.api.patch(`/api/v1/db/meta/grids/${g.body.id}`, { row_height: 4 }, opts());
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('row_height');
    const notForm = await server.api.patch(`/api/v1/db/meta/grids/${g.body.id}`, { heading: 'x' }, opts());
    expect(notForm.status).toBe(400);
    expect(notForm.body.msg).toBe('heading is not a setting of a grid view');
    const cols = await server.api.get(`/api/v1/db/meta/grids/${g.body.id}/grid-columns`, opts());
    expect(cols.status).toBe(200);
    expect(Array.isArray(cols.body)).toBe(true);
    expect(cols.body.map((c: { fk_column_id: string }) => c.fk_column_id)).toContain(t.col.Title);
  });

  it('stores form settings and refuses a redirect URL that is not http(s)', async () => {
    const f = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/forms`,
      { title: 'Signup form' },
      opts(),
    );
    const res = await server.api.patch(
      `/api/v1/db/meta/forms/${f.body.id}`,
      {
        heading: 'Join us',
        subheading: 'It takes a minute',
        success_msg: 'Thanks!',
        redirect_url: 'https://example.com/done',
        submit_another_form: true,
        show_blank_form: true,
        meta: { surveyMode: true },
      },
      opts(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got = await server.api.get(`/api/v1/db/meta/forms/${f.body.id}`, opts());
    expect(got.body).toMatchObject({
      heading: 'Join us',
      subheading: 'It takes a minute',
      success_msg: 'Thanks!',
      redirect_url: 'https://example.com/done',
      submit_another_form: true,
      show_blank_form: true,
    });
    expect(got.body.meta.surveyMode).toBe(true);
    // System fields take no input: hidden in a new form.
    const created = got.body.columns.find(
      (c: { fk_column_id: string }) => c.fk_column_id === t.col.CreatedAt,
    );
    expect(created.show).toBe(false);
    for (const url of ['javascript:alert(1)', 'ftp://example.com', 'data:text/html,x']) {
      const bad = await server.api.patch(`/api/v1/db/meta/forms/${f.body.id}`, { redirect_url: url }, opts());
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toContain('redirect_url must be an http or https URL');
    }
    const col = got.body.columns.find((c: { fk_column_id: string }) => c.fk_column_id === t.col.Title);
    const fc = await server.api.patch(
      `/api/v1/db/meta/form-columns/${col.id}`,
      { label: 'Your name', help: 'As on your passport', required: true },
      opts(),
    );
    expect(fc.status).toBe(200);
    expect(fc.body).toMatchObject({ label: 'Your name', help: 'As on your passport', required: true });
  });

  it('checks the field a gallery, kanban, map or calendar points at', async () => {
    const k = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/kanbans`,
      { title: 'Board' },
      opts(),
    );
    const wrong = await server.api.patch(
      `/api/v1/db/meta/kanbans/${k.body.id}`,
      { fk_grp_col_id: t.col.Title },
      opts(),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toContain('must be a SingleSelect field');
    const stack = {
      [t.col.Status!]: [
        { id: 'b', title: 'b', order: 1 },
        { id: 'a', title: 'a', order: 2 },
      ],
    };
    const ok = await server.api.patch(
      `/api/v1/db/meta/kanbans/${k.body.id}`,
      { fk_grp_col_id: t.col.Status, meta: stack },
      opts(),
    );
    expect(ok.status).toBe(200);
    const got = await server.api.get(`/api/v1/db/meta/kanbans/${k.body.id}`, opts());
    expect(got.body.fk_grp_col_id).toBe(t.col.Status);
    expect(got.body.meta[t.col.Status!][0].title).toBe('b');
    const g = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/galleries`,
      { title: 'Cards' },
      opts(),
    );
    const badCover = await server.api.patch(
      `/api/v1/db/meta/galleries/${g.body.id}`,
      { fk_cover_image_col_id: t.col.Start },
      opts(),
    );
    expect(badCover.status).toBe(400);
    const m = await server.api.post(`/api/v1/db/meta/tables/${t.tableId}/maps`, { title: 'Where' }, opts());
    const badGeo = await server.api.patch(
      `/api/v1/db/meta/maps/${m.body.id}`,
      { fk_geo_data_col_id: 'cnope' },
      opts(),
    );
    expect(badGeo.status).toBe(400);
    expect(badGeo.body.msg).toContain('not a field of this table');
    const c = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/calendars`,
      { title: 'When' },
      opts(),
    );
    const range = await server.api.patch(
      `/api/v1/db/meta/calendars/${c.body.id}`,
      { calendar_range: [{ fk_from_column_id: t.col.Start, fk_to_column_id: t.col.End }] },
      opts(),
    );
    expect(range.status).toBe(200);
    expect(range.body.calendar_range[0]).toMatchObject({
      fk_from_column_id: t.col.Start,
      fk_to_column_id: t.col.End,
    });
    const badRange = await server.api.patch(
      `/api/v1/db/meta/calendars/${c.body.id}`,
      { calendar_range: [{ fk_from_column_id: t.col.Title }] },
      opts(),
    );
    expect(badRange.status).toBe(400);
    // A view read through another type's path is not found.
    expect((await server.api.get(`/api/v1/db/meta/forms/${k.body.id}`, opts())).status).toBe(404);
  });

  it('copies a view with its columns, filters and sorts', async () => {
    const src = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/grids`,
      { title: 'Source' },
      opts(),
    );
    await server.api.patch(
      `/api/v1/db/meta/views/${src.body.id}/columns/${t.col.Title}`,
      { show: false, width: '250px' },
      opts(),
    );
    const grp = await server.api.post(
      `/api/v1/db/meta/views/${src.body.id}/filters`,
      { is_group: true, logical_op: 'or' },
      opts(),
    );
    await server.api.post(
      `/api/v1/db/meta/views/${src.body.id}/filters`,
      { fk_parent_id: grp.body.id, fk_column_id: t.col.Title, comparison_op: 'like', value: 'x' },
      opts(),
    );
    await server.api.post(
      `/api/v1/db/meta/views/${src.body.id}/sorts`,
      { fk_column_id: t.col.Start, direction: 'desc' },
      opts(),
    );
    const copy = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/grids`,
      { title: 'Copy', copy_from_id: src.body.id },
      opts(),
    );
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    const cols = await server.api.get(`/api/v1/db/meta/views/${copy.body.id}/columns`, opts());
    const name = cols.body.list.find((c: { fk_column_id: string }) => c.fk_column_id === t.col.Title);
    expect(name).toMatchObject({ show: false, width: '250px' });
    const filters = await server.api.get(`/api/v1/db/meta/views/${copy.body.id}/filters`, opts());
    expect(filters.body.list).toHaveLength(1);
    expect(filters.body.list[0]).toMatchObject({ is_group: true, logical_op: 'or' });
    expect(filters.body.list[0].children[0]).toMatchObject({ comparison_op: 'like', value: 'x' });
    expect(filters.body.list[0].id).not.toBe(grp.body.id);
    const sorts = await server.api.get(`/api/v1/db/meta/views/${copy.body.id}/sorts`, opts());
    expect(sorts.body.list[0]).toMatchObject({ fk_column_id: t.col.Start, direction: 'desc' });
  });

  it('shows a field added later in every view', async () => {
    const id = await addField(server, t, 'Later', 'Number');
    const grid = await server.api.get(`/api/v1/db/meta/views/${t.defaultViewId}/columns`, opts());
    expect(grid.body.list.find((c: { fk_column_id: string }) => c.fk_column_id === id)?.show).toBe(true);
  });

  it('keeps a locked view as it is until it is unlocked', async () => {
    const v = await server.api.post(`/api/v1/db/meta/tables/${t.tableId}/grids`, { title: 'Locked' }, opts());
    const lock = await server.api.patch(
      `/api/v1/db/meta/views/${v.body.id}`,
      { lock_type: 'locked' },
      opts(),
    );
    expect(lock.body.lock_type).toBe('locked');
    const attempts = [
      server.api.post(
        `/api/v1/db/meta/views/${v.body.id}/filters`,
        { fk_column_id: t.col.Title, comparison_op: 'eq', value: 'x' },
        opts(),
      ),
      server.api.post(`/api/v1/db/meta/views/${v.body.id}/sorts`, { fk_column_id: t.col.Title }, opts()),
      server.api.patch(`/api/v1/db/meta/views/${v.body.id}/columns/${t.col.Title}`, { show: false }, opts()),
      server.api.post(`/api/v1/db/meta/views/${v.body.id}/hide-all`, {}, opts()),
      server.api.patch(`/api/v1/db/meta/grids/${v.body.id}`, { row_height: 1 }, opts()),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('This view is locked; unlock it to change it');
    }
    await server.api.patch(`/api/v1/db/meta/views/${v.body.id}`, { lock_type: 'collaborative' }, opts());
    expect(
      (
        await server.api.post(
          `/api/v1/db/meta/views/${v.body.id}/sorts`,
          { fk_column_id: t.col.Title },
          opts(),
        )
      ).status,
    ).toBe(200);
  });

  it('drops the filters, sorts and view columns of a deleted field', async () => {
    const id = await addField(server, t, 'Gone', 'Number');
    const v = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/grids`,
      { title: 'Field goes' },
      opts(),
    );
    await server.api.post(
      `/api/v1/db/meta/views/${v.body.id}/filters`,
      { fk_column_id: id, comparison_op: 'gt', value: '1' },
      opts(),
    );
    await server.api.post(`/api/v1/db/meta/views/${v.body.id}/sorts`, { fk_column_id: id }, opts());
    const del = await server.api.delete(`/api/v1/db/meta/columns/${id}`, undefined, opts());
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await server.api.get(`/api/v1/db/meta/views/${v.body.id}/filters`, opts())).body.list).toEqual(
      [],
    );
    expect((await server.api.get(`/api/v1/db/meta/views/${v.body.id}/sorts`, opts())).body.list).toEqual([]);
    const cols = await server.api.get(`/api/v1/db/meta/views/${v.body.id}/columns`, opts());
    expect(cols.body.list.map((c: { fk_column_id: string }) => c.fk_column_id)).not.toContain(id);
  });

  it('deletes a view but never the default one', async () => {
    const v = await server.api.post(`/api/v1/db/meta/tables/${t.tableId}/grids`, { title: 'Doomed' }, opts());
    const del = await server.api.delete(`/api/v1/db/meta/views/${v.body.id}`, undefined, opts());
    expect(del.status).toBe(200);
    expect(
      (await server.api.patch(`/api/v1/db/meta/views/${v.body.id}`, { title: 'x' }, opts())).status,
    ).toBe(404);
    const def = await server.api.delete(`/api/v1/db/meta/views/${t.defaultViewId}`, undefined, opts());
    expect(def.status).toBe(400);
    expect(def.body.msg).toBe('The default view cannot be deleted');
  });

  it('lets an editor see views but not create, rename or delete them; outsiders get 403', async () => {
    const editor = await addBaseUser(server, t.baseId, 'editor');
    expect(
      (await server.api.get(`/api/v1/db/meta/tables/${t.tableId}/views`, { token: editor })).status,
    ).toBe(200);
    expect(
      (
        await server.api.post(
          `/api/v1/db/meta/tables/${t.tableId}/grids`,
          { title: 'Nope' },
          { token: editor },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await server.api.patch(
          `/api/v1/db/meta/views/${t.defaultViewId}`,
          { title: 'Nope' },
          { token: editor },
        )
      ).status,
    ).toBe(403);
    const other = await seedTable(server, []);
    expect(
      (await server.api.get(`/api/v1/db/meta/tables/${t.tableId}/views`, { token: other.token })).status,
    ).toBe(403);
    expect((await server.api.get(`/api/v1/db/meta/tables/${t.tableId}/views`)).status).toBe(401);
  });
});
