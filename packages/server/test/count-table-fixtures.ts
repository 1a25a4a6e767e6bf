/**
 * What the count-table tests of every database share (docs/performance.md, "Count tables"): an Items table of
 * known rows, the count and group-by requests a user sends, and the answers worked out without the database.
 */
import { expect } from 'vitest';
import type { TestServer } from './harness.js';
import { ITEM_STATUSES, itemRow, itemsTableBody } from './items-fixtures.js';
import { createTable, type Owner } from './meta-factories.js';

export type Item = { Id: number; Title: string; Qty: number | null; Price: number; Status: string | null };

/** Qty below `n` (an empty Qty is below nothing, as in SQL). */
export const low = (r: Item, n: number) => r.Qty !== null && r.Qty < n;

/** Groups in the select's option order, as the API sorts them. */
export const expectedGroups = (rows: Item[], keep: (r: Item) => boolean) =>
  ITEM_STATUSES.map((s) => ({
    Status: s,
    count: rows.filter((r) => r.Status === s && keep(r)).length,
  })).filter((g) => g.count > 0);

/** Where the requests go: read when each is sent (the test's server and base are made in its beforeAll). */
export type CountTestBase = () => { server: TestServer; owner: Owner; baseId: string };

/** The requests of a base: bulk inserts, counts and group-bys by Status, as its owner. */
export function countRequests(at: CountTestBase) {
  const bulk = async (tableId: string, rows: unknown[]) => {
    const { server, owner, baseId } = at();
    const res = await server.api.post(`/api/v1/db/data/bulk/noco/${baseId}/${tableId}`, rows, {
      token: owner.token,
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  };
  const count = async (tableId: string, where: string) => {
    const { server, owner } = at();
    const res = await server.api.get(
      `/api/v2/tables/${tableId}/records/count?where=${encodeURIComponent(where)}`,
      {
        token: owner.token,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.count as number;
  };
  const groups = async (tableId: string, where: string) => {
    const { server, owner, baseId } = at();
    const res = await server.api.get(
      `/api/v1/db/data/noco/${baseId}/${tableId}/groupby?column_name=Status&where=${encodeURIComponent(where)}`,
      { token: owner.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { list: { Status: string; count: number }[]; pageInfo: { totalRows: number } };
  };
  /** A fresh Items table of `size` rows, its rows as the test knows them, and its columns' ids. */
  const items = async (size: number) => {
    const { server, owner, baseId } = at();
    const suffix = Math.random().toString(36).slice(2, 8);
    const t = await createTable(server, owner, baseId, itemsTableBody(`items_${suffix}`, `Items ${suffix}`));
    for (let from = 0; from < size; from += 2000)
      await bulk(
        t.id,
        Array.from({ length: Math.min(2000, size - from) }, (_, k) => itemRow(from + k)),
      );
    const rows: Item[] = Array.from({ length: size }, (_, i) => ({ Id: i + 1, ...itemRow(i) }));
    const loaded = await server.ctx.tableModels.get(server.ctx, t.id);
    const columnId = (title: string) =>
      t.columns.find((c: { title: string }) => c.title === title)!.id as string;
    return { tableId: t.id as string, table: loaded.model.tableName, rows, columnId };
  };
  return { bulk, count, groups, items };
}
