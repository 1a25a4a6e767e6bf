import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../changes/change-events.js';
import { BlockAggregates, type BlockPlan, type GroupPartial } from './block-aggregates.js';

interface Row {
  id: number;
  g: string;
  v: number | null;
}

/** A table in memory: the plan sums `v` by `g` over the rows with v >= 0 (a filter), as SQL would. */
function tableOf(rows: Row[]) {
  const reads: [number, number][] = [];
  const plan: BlockPlan = {
    tableId: 't1',
    key: 'sum v by g',
    bounds: async () => ({
      min: rows.length ? rows.reduce((m, r) => Math.min(m, r.id), Infinity) : null,
      max: rows.length ? rows.reduce((m, r) => Math.max(m, r.id), -Infinity) : null,
    }),
    block: async (lo, hi) => {
      reads.push([lo, hi]);
      return groupsOf(rows.filter((r) => r.id >= lo && r.id < hi));
    },
    finish: (groups) => Object.fromEntries(groups.map((g) => [g.raw, g.p.c ? g.p.s : null])),
  };
  return { plan, reads, truth: () => plan.finish(groupsOf(rows)) };
}

function groupsOf(rows: Row[]): GroupPartial[] {
  const out = new Map<string, GroupPartial>();
  for (const r of rows.filter((x) => x.v === null || x.v >= 0)) {
    const g = out.get(r.g) ?? { raw: r.g, p: { n: 0, c: 0, s: 0, min: null, max: null } };
    g.p.n++;
    if (r.v !== null) {
      g.p.c++;
      g.p.s += r.v;
    }
    out.set(r.g, g);
  }
  return [...out.values()];
}

const event = (type: 'rows.inserted' | 'rows.updated' | 'rows.deleted', ids: number[] | null): ChangeEvent =>
  ({ type, baseId: 'b', tableId: 't1', ids, origin: 'o', seq: 1, at: 0 }) as ChangeEvent;

/** The first read starts the build and answers nothing (the caller runs plain SQL); the next one answers. */
async function firstRead(store: BlockAggregates, plan: BlockPlan): Promise<unknown> {
  expect(await store.read(plan)).toBeUndefined();
  await store.settled();
  return store.read(plan);
}

describe('block aggregates', () => {
  const rows: Row[] = Array.from({ length: 50_000 }, (_, i) => ({
    id: i + 1,
    g: ['a', 'b', 'c'][i % 3]!,
    v: i % 7,
  }));

  it('answers like a full computation after inserts, updates and deletes, reading only the written blocks', async () => {
    const store = new BlockAggregates();
    const t = tableOf(rows);
    expect(await firstRead(store, t.plan)).toEqual(t.truth());
    const blocksOfFull = t.reads.length;
    expect(blocksOfFull).toBeGreaterThan(10);
    expect(store.stats.full).toBe(1);

    rows.push({ id: 50_001, g: 'd', v: 5 });
    store.onChange(event('rows.inserted', [50_001]));
    rows[10]!.g = 'b'; // moves to another group
    rows[20_000]!.v = -1; // leaves the filter
    store.onChange(event('rows.updated', [11, 20_001]));
    rows.splice(30_000, 1);
    store.onChange(event('rows.deleted', [30_001]));

    t.reads.length = 0;
    expect(await store.read(t.plan)).toEqual(t.truth());
    expect(store.stats.full).toBe(1);
    // Only the blocks holding 11, 20,001, 30,001 and 50,001.
    expect(t.reads.length).toBe(
      new Set([11, 20_001, 30_001, 50_001].map((id) => Math.floor(id / 4096))).size,
    );
    for (const [lo, hi] of t.reads) expect(hi - lo).toBe(4096);
  });

  it('starts over after a write by filter, and after a field change', async () => {
    const store = new BlockAggregates();
    const t = tableOf(rows);
    await firstRead(store, t.plan);
    for (const r of rows) if (r.g === 'a') r.v = 1;
    store.onChange(event('rows.updated', null));
    expect(await firstRead(store, t.plan)).toEqual(t.truth());
    expect(store.stats.full).toBe(2);
    store.onChange({
      type: 'field.changed',
      action: 'updated',
      baseId: 'b',
      tableId: 't1',
      fieldIds: ['f'],
    } as ChangeEvent);
    await firstRead(store, t.plan);
    expect(store.stats.full).toBe(3);
  });

  it('leaves other tables alone, and a write seen twice changes nothing', async () => {
    const store = new BlockAggregates();
    const t = tableOf(rows);
    await firstRead(store, t.plan);
    store.onChange({ ...event('rows.deleted', null), tableId: 'other' } as ChangeEvent);
    t.reads.length = 0;
    await store.read(t.plan);
    expect(t.reads).toEqual([]);
    rows.push({ id: 50_002, g: 'a', v: 3 });
    store.onChange(event('rows.inserted', [50_002]));
    store.onChange(event('rows.inserted', [50_002]));
    expect(await store.read(t.plan)).toEqual(t.truth());
    expect(t.reads.length).toBe(1);
  });

  it('refuses to keep more partials than it may (the plain SQL path answers)', async () => {
    const store = new BlockAggregates();
    const many = tableOf(Array.from({ length: 30_000 }, (_, i) => ({ id: i + 1, g: `g${i}`, v: 1 })));
    expect(await store.read(many.plan)).toBeUndefined();
    await store.settled();
    expect(store.stats.tooMany).toBe(1);
    many.reads.length = 0;
    expect(await store.read(many.plan)).toBeUndefined();
    await store.settled();
    expect(many.reads).toEqual([]); // not tried again at once
  });

  it('builds once for concurrent readers, and answers from the kept blocks once built', async () => {
    const store = new BlockAggregates();
    const t = tableOf(rows);
    const answers = await Promise.all([store.read(t.plan), store.read(t.plan), store.read(t.plan)]);
    expect(answers).toEqual([undefined, undefined, undefined]);
    await store.settled();
    expect(store.stats.full).toBe(1);
    expect(await store.read(t.plan)).toEqual(t.truth());
  });

  it('merges neighbouring blocks when groups recur in every block, and stays exact after writes', async () => {
    const store = new BlockAggregates();
    const wide: Row[] = Array.from({ length: 200_000 }, (_, i) => ({
      id: i + 1,
      g: `g${i % 600}`,
      v: i % 5,
    }));
    const t = tableOf(wide);
    expect(await firstRead(store, t.plan)).toEqual(t.truth());
    expect(store.stats.tooMany).toBe(0);
    wide[100]!.g = 'g7';
    wide[150_000]!.v = 40;
    store.onChange(event('rows.updated', [101, 150_001]));
    t.reads.length = 0;
    expect(await store.read(t.plan)).toEqual(t.truth());
    // 49 blocks of 4,096 keys times 600 groups is too many partials: the blocks were merged into 8,192 keys.
    expect(t.reads.length).toBe(2);
    for (const [lo, hi] of t.reads) expect(hi - lo).toBe(8192);
  });

  it('is built when the widget is saved, so its first read answers from blocks', async () => {
    const store = new BlockAggregates();
    const t = tableOf(rows);
    await store.prepare(t.plan, 10_000);
    expect(store.stats.full).toBe(1);
    expect(await store.read(t.plan)).toEqual(t.truth());
  });

  it('builds in the background only while no request is in flight', async () => {
    const store = new BlockAggregates();
    const t = tableOf(rows);
    store.requestStarted();
    expect(await store.read(t.plan)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 100));
    expect(t.reads).toEqual([]);
    store.requestEnded();
    await store.settled();
    expect(t.reads.length).toBeGreaterThan(10);
    expect(await store.read(t.plan)).toEqual(t.truth());
  });

  it('rebuilds old blocks only when the database says another connection wrote', async () => {
    const store = new BlockAggregates({ refreshMs: 50 });
    const t = tableOf(rows);
    let commits = 1;
    const plan: BlockPlan = { ...t.plan, outsideWrites: async () => commits };
    expect(await firstRead(store, plan)).toEqual(t.truth());
    await new Promise((r) => setTimeout(r, 80));
    expect(await store.read(plan)).toEqual(t.truth());
    await store.settled();
    expect(store.stats.full).toBe(1);
    rows[5]!.v = 6; // written by another process: no change event
    commits = 2;
    await new Promise((r) => setTimeout(r, 80));
    await store.read(plan);
    await store.settled();
    expect(store.stats.full).toBe(2);
    expect(await store.read(plan)).toEqual(t.truth());
  });
});
