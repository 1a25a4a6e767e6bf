/**
 * A map view's light read of its points (docs/views.md Map): only the located rows, each with its key, display
 * value and place and nothing else, through the view's filters, in pages of up to 10,000; on a share the display
 * value only when the view shows it; other view types refuse it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { insertRows, seedTable, type SeededTable } from './view-fixtures.js';

describe.each(testDatabases())('map points on %s', (kind) => {
  let server: TestServer;
  let t: SeededTable;
  let mapId: string;
  const opts = () => ({ token: t.token });
  const points = (query = '', view = mapId) =>
    server.api.get(`/api/v1/db/data/noco/${t.baseId}/${t.tableId}/views/${view}/map-points${query}`, opts());

  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await seedTable(server, [
      { title: 'Place', uidt: 'GeoData' },
      { title: 'Notes', uidt: 'SingleLineText' },
      { title: 'Size', uidt: 'Number' },
    ]);
    await insertRows(server, t, [
      { Title: 'Lisbon', Place: '38.72;-9.14', Notes: 'n1', Size: 5 },
      { Title: 'Tokyo', Place: '35.68;139.69', Notes: 'n2', Size: 50 },
      { Title: 'Nowhere', Notes: 'n3', Size: 7 },
      { Title: 'Oslo', Place: '59.91;10.75', Notes: 'n4', Size: 1 },
    ]);
    const map = await server.api.post(`/api/v1/db/meta/tables/${t.tableId}/maps`, { title: 'Map' }, opts());
    expect(map.status, JSON.stringify(map.body)).toBe(200);
    mapId = map.body.id;
  });
  afterAll(async () => server?.close());

  it('lists the located rows with their key, display value and place only', async () => {
    const res = await points();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.list.map((r: Record<string, unknown>) => Object.keys(r).sort())).toEqual([
      ['Id', 'Place', 'Title'],
      ['Id', 'Place', 'Title'],
      ['Id', 'Place', 'Title'],
    ]);
    expect(res.body.list.map((r: { Title: string; Place: string }) => [r.Title, r.Place])).toEqual([
      ['Lisbon', '38.72;-9.14'],
      ['Tokyo', '35.68;139.69'],
      ['Oslo', '59.91;10.75'],
    ]);
    expect(res.body.pageInfo.totalRows).toBe(3);
  });

  it("pages, and keeps to the view's filters and the request's where", async () => {
    const second = await points('?limit=1&offset=1');
    expect(second.body.list.map((r: { Title: string }) => r.Title)).toEqual(['Tokyo']);
    expect(second.body.pageInfo.totalRows).toBe(3);
    const small = await points(`?where=${encodeURIComponent('(Size,lt,10)')}`);
    expect(small.body.list.map((r: { Title: string }) => r.Title)).toEqual(['Lisbon', 'Oslo']);
    const f = await server.api.post(
      `/api/v1/db/meta/views/${mapId}/filters`,
      { fk_column_id: t.col.Size, comparison_op: 'gt', value: '2' },
      opts(),
    );
    expect(f.status).toBe(200);
    expect((await points()).body.list.map((r: { Title: string }) => r.Title)).toEqual(['Lisbon', 'Tokyo']);
    await server.api.delete(`/api/v1/db/meta/filters/${f.body.id}`, undefined, opts());
  });

  it('refuses a bad limit and a view that is not a map, naming the problem', async () => {
    const bad = await points('?limit=many');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Invalid limit: "many" is not a whole number from 1');
    const grid = await points('', t.defaultViewId);
    expect(grid.status).toBe(400);
    expect(grid.body.msg).toBe('Only a map view lists map points');
  });

  it('on a share, sends the display value only when the view shows it', async () => {
    const share = await server.api.post(`/api/v1/db/meta/views/${mapId}/share`, {}, opts());
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    const url = `/api/v1/db/public/shared-view/${String(share.body.uuid)}/map-points`;
    const shown = await server.api.get(url);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.list[0]).toEqual({ Id: expect.anything(), Title: 'Lisbon', Place: '38.72;-9.14' });
    const hide = await server.api.patch(
      `/api/v1/db/meta/views/${mapId}/columns/${t.col.Title}`,
      { show: false },
      opts(),
    );
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
    const hidden = await server.api.get(url);
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body.list.map((r: Record<string, unknown>) => Object.keys(r).sort())).toEqual([
      ['Id', 'Place'],
      ['Id', 'Place'],
      ['Id', 'Place'],
    ]);
  });
});
