/**
 * Chart and number results kept as partial aggregates per block of primary keys (docs/dashboards.md "Speed").
 * A widget's grouped aggregate is computed once per block of `size` consecutive keys; after a row write only the
 * blocks holding the written rows are aggregated again (a range read of the primary key), and the groups are
 * merged in memory. A block is always recomputed from the database, never patched with a delta, so a write seen
 * twice or seen late still leaves exact partials. Saving a widget builds its blocks before the save answers;
 * otherwise they are built in the background, and until they are there (first read after a restart, or after a
 * write by filter, a field or a table change made them all stale) the caller runs the plain grouped aggregate.
 * A rebuild every 30 s covers writes this process never hears of. Background builds give way to requests in
 * flight between blocks, so a read never queues behind a whole table's worth of block queries.
 */
import type { ChangeEvent, RowId } from '../changes/change-events.js';
import { coalesceBlocks, countPartials, mergePartials, type GroupPartial } from './block-partials.js';

export type { GroupPartial, Partial } from './block-partials.js';

/** What the store needs of a widget query to keep it in blocks (built by widget-data.ts). */
export interface BlockPlan {
  tableId: string;
  key: string;
  /** Smallest and largest primary key of the table (null when empty). */
  bounds(): Promise<{ min: number | null; max: number | null }>;
  /** The grouped partials of the rows with `lo <= key < hi` that pass the widget's filters. */
  block(lo: number, hi: number): Promise<GroupPartial[]>;
  /** The widget's answer from the merged groups. */
  finish(groups: GroupPartial[]): unknown;
  /**
   * Where the database tells cheaply whether another connection wrote since (SQLite's `data_version`): a
   * token that changes when one did. Without it, kept blocks are rebuilt every REFRESH_MS.
   */
  outsideWrites?(): Promise<unknown>;
}

const MIN_BLOCK = 4096;
const TARGET_BLOCKS = 64;
/**
 * More partials than this are merged into blocks twice as large (groups recurring in neighbouring blocks add
 * up); when that no longer helps, or would leave fewer than MIN_BLOCKS blocks, the widget is not kept and the
 * plain SQL path answers (a chart grouped by a nearly unique field).
 */
const MAX_PARTIALS = 20_000;
const MIN_BLOCKS = 16;
const REFRESH_MS = 30_000;
const MAX_JOURNAL = 500;
const MAX_IDS = 5_000;
const MAX_STATES = 500;
/** Partials kept over all widgets (a few hundred bytes each): the oldest built are dropped first beyond it. */
const MAX_TOTAL_PARTIALS = 200_000;
/** A background build waits at most this long for requests in flight before its next block. */
const MAX_YIELD_MS = 500;

interface State {
  /** Journal position the partials reflect. */
  seq: number;
  at: number;
  /** The plan's outsideWrites() token when the build started. */
  outside?: unknown;
  size: number;
  blocks: Map<number, GroupPartial[]>;
}

/** Keys written in one change; null: unknown keys, or a change that alters every row. */
interface Entry {
  seq: number;
  ids: number[] | null;
}

export interface BlockStats {
  full: number;
  blocks: number;
  tooMany: number;
}

export class BlockAggregates {
  private seq = 0;
  private readonly journals = new Map<string, { floor: number; entries: Entry[] }>();
  private readonly states = new Map<string, State>();
  private readonly flights = new Map<string, Promise<unknown>>();
  private readonly builds = new Map<string, Promise<void>>();
  /** Keys whose partials were too many, with when: they use the plain path until REFRESH_MS later. */
  private readonly skipped = new Map<string, number>();
  /** Requests in flight (the server counts them): background builds wait for none before each block. */
  private busy = 0;
  private idleWaiters: (() => void)[] = [];
  /** Counts of full computations, block recomputations and refusals; tests read them. */
  readonly stats: BlockStats = { full: 0, blocks: 0, tooMany: 0 };
  /** How old kept blocks may get before they are rebuilt (REFRESH_MS; tests make it short). */
  private readonly refreshMs: number;

  constructor(opts: { refreshMs?: number } = {}) {
    this.refreshMs = opts.refreshMs ?? REFRESH_MS;
  }

  /** Follows the change feed: notes which rows of which table changed. */
  onChange(e: ChangeEvent): void {
    switch (e.type) {
      case 'rows.inserted':
      case 'rows.updated':
      case 'rows.deleted':
        this.note(e.tableId, e.ids);
        return;
      case 'links.changed':
        // A link may write a foreign-key column on either side.
        this.note(e.tableId, [e.rowId]);
        this.note(e.relatedTableId, e.relatedIds);
        return;
      case 'field.changed':
      case 'table.changed':
        this.note(e.tableId, null);
        return;
      case 'source.changed':
        if (e.action !== 'created') this.states.clear();
        return;
      default:
        return;
    }
  }

  /** A request started: background builds hold back until it ends. */
  requestStarted(): void {
    this.busy++;
  }

  requestEnded(): void {
    this.busy = Math.max(0, this.busy - 1);
    if (this.busy) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  /**
   * The widget's answer from its kept blocks, after re-reading the blocks written since; undefined when there
   * are none yet (or they would be too many), and the caller runs the plain grouped aggregate. A missing set of
   * blocks is then built in the background, so a first read never waits for it.
   */
  async read(plan: BlockPlan): Promise<unknown> {
    const id = idOf(plan);
    // One update per widget at a time: readers of the same dashboard share it.
    while (this.flights.has(id)) await this.flights.get(id)!.catch(() => undefined);
    const flight = this.bring(id, plan);
    this.flights.set(id, flight);
    try {
      const state = await flight;
      if (!state) {
        this.buildLater(id, plan, { yielding: true });
        return undefined;
      }
      if (Date.now() - state.at > this.refreshMs) await this.refresh(id, plan, state);
      return plan.finish(mergePartials(state.blocks.values()));
    } finally {
      this.flights.delete(id);
    }
  }

  /**
   * Builds a widget's blocks now (when a widget is saved), waiting at most `maxWaitMs` for them; a longer build
   * goes on in the background. Blocks already kept for the same query are reused.
   */
  async prepare(plan: BlockPlan, maxWaitMs: number): Promise<void> {
    const id = idOf(plan);
    if (this.states.has(id)) return;
    this.skipped.delete(id);
    this.buildLater(id, plan, { yielding: false });
    const build = this.builds.get(id);
    if (!build) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([build, new Promise<void>((r) => (timer = setTimeout(r, maxWaitMs)))]);
    clearTimeout(timer);
  }

  /**
   * Kept blocks are rebuilt in the background once REFRESH_MS old, for writes this process never heard of;
   * where the database says no other connection wrote since they were built, they are kept as they are.
   */
  private async refresh(id: string, plan: BlockPlan, state: State): Promise<void> {
    if (plan.outsideWrites && state.outside !== undefined) {
      const now = await plan.outsideWrites();
      if (now === state.outside) {
        state.at = Date.now();
        return;
      }
    }
    this.buildLater(id, plan, { yielding: true, old: state });
  }

  /** Resolves once the background builds started so far have finished. */
  async settled(): Promise<void> {
    while (this.builds.size) await Promise.all([...this.builds.values()]);
  }

  /** The kept blocks brought up to date, or undefined when a write made them all stale. */
  private async bring(id: string, plan: BlockPlan): Promise<State | undefined> {
    const state = this.states.get(id);
    if (!state) return undefined;
    const journal = this.journals.get(plan.tableId);
    const pending = journal?.entries.filter((e) => e.seq > state.seq) ?? [];
    if ((journal && state.seq < journal.floor) || pending.some((e) => e.ids === null)) {
      this.states.delete(id);
      return undefined;
    }
    const upTo = this.seq;
    const size = state.size;
    const blocks = new Set(pending.flatMap((e) => e.ids!.map((k) => Math.floor(k / size))));
    for (const b of blocks) {
      const parts = await plan.block(b * size, (b + 1) * size);
      if (parts.length) state.blocks.set(b, parts);
      else state.blocks.delete(b);
      this.stats.blocks++;
    }
    state.seq = upTo;
    if (fit(state)) return state;
    this.states.delete(id);
    this.skipped.set(id, Date.now());
    return undefined;
  }

  /**
   * Builds the widget's blocks (once at a time), replacing `old` when given and still kept. A widget whose
   * partials were too many is not tried again for REFRESH_MS. A `yielding` build lets requests in flight go
   * first before each block.
   */
  private buildLater(id: string, plan: BlockPlan, opts: { yielding: boolean; old?: State }): void {
    const { old } = opts;
    if (this.builds.has(id)) return;
    const skippedAt = this.skipped.get(id);
    if (!old && skippedAt !== undefined && Date.now() - skippedAt < this.refreshMs) return;
    const build = this.compute(plan, opts.yielding)
      .then((fresh) => {
        if (old && this.states.get(id) !== old) return;
        if (!fresh) {
          this.states.delete(id);
          this.skipped.set(id, Date.now());
          return;
        }
        this.skipped.delete(id);
        this.states.delete(id);
        this.states.set(id, fresh);
        this.evict();
      })
      .catch(() => {
        this.states.delete(id);
        this.skipped.set(id, Date.now());
      })
      .finally(() => this.builds.delete(id));
    this.builds.set(id, build);
  }

  /**
   * Every block from the smallest key to the largest. Blocks are merged pairwise while the partials are too
   * many; the rest of the table is then read in the larger blocks (a half-read block is completed).
   */
  private async compute(plan: BlockPlan, yielding: boolean): Promise<State | undefined> {
    const seq = this.seq;
    const at = Date.now();
    this.stats.full++;
    if (yielding) await this.idle();
    const outside = plan.outsideWrites ? await plan.outsideWrites() : undefined;
    const { min, max } = await plan.bounds();
    const span = min === null || max === null ? 0 : max - min + 1;
    let size = MIN_BLOCK;
    while (span / size > TARGET_BLOCKS) size *= 2;
    const state: State = { seq, at, outside, size, blocks: new Map() };
    if (min === null || max === null) return state;
    let lo = Math.floor(min / size) * size;
    while (lo <= max) {
      if (yielding) await this.idle();
      const b = Math.floor(lo / state.size);
      const hi = (b + 1) * state.size;
      const parts = await plan.block(lo, hi);
      const had = state.blocks.get(b);
      const merged = had ? mergePartials([had, parts]) : parts;
      if (merged.length) state.blocks.set(b, merged);
      lo = hi;
      if (!fit(state)) {
        this.stats.tooMany++;
        return undefined;
      }
    }
    return state;
  }

  /** Resolves when no request is in flight (or after MAX_YIELD_MS), and after pending I/O had its turn. */
  private async idle(): Promise<void> {
    // A request that arrived while the last block ran is read in this turn of the event loop.
    await new Promise((r) => setImmediate(r));
    if (!this.busy) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((r) => this.idleWaiters.push(r)),
      new Promise<void>((r) => (timer = setTimeout(r, MAX_YIELD_MS))),
    ]);
    clearTimeout(timer);
  }

  /** Whether a widget keeps or builds blocks of the table. */
  private watches(tableId: string): boolean {
    const prefix = `${tableId}\u0000`;
    for (const id of this.states.keys()) if (id.startsWith(prefix)) return true;
    for (const id of this.builds.keys()) if (id.startsWith(prefix)) return true;
    return false;
  }

  /** Drops the oldest built widgets while too many are kept. */
  private evict(): void {
    let total = 0;
    for (const state of this.states.values()) total += countPartials(state.blocks);
    for (const [id, state] of this.states) {
      if (this.states.size <= MAX_STATES && total <= MAX_TOTAL_PARTIALS) break;
      total -= countPartials(state.blocks);
      this.states.delete(id);
    }
  }

  private note(tableId: string, ids: readonly RowId[] | null): void {
    const seq = ++this.seq;
    let journal = this.journals.get(tableId);
    if (!journal) {
      journal = { floor: 0, entries: [] };
      this.journals.set(tableId, journal);
    }
    if (!this.watches(tableId)) {
      // No widget keeps or builds blocks of this table: nothing to remember, but older blocks are stale.
      journal.entries = [];
      journal.floor = seq;
      return;
    }
    const numeric = ids && ids.length <= MAX_IDS ? ids.map(Number) : null;
    const known = numeric && numeric.every(Number.isInteger) ? numeric : null;
    journal.entries.push({ seq, ids: known });
    while (journal.entries.length > MAX_JOURNAL) journal.floor = journal.entries.shift()!.seq;
  }
}

const idOf = (plan: BlockPlan) => `${plan.tableId}\u0000${plan.key}`;

/**
 * Keeps the state within MAX_PARTIALS by merging neighbouring blocks; false when that does not help (the
 * groups do not recur from block to block) or would leave too few blocks.
 */
function fit(state: State): boolean {
  let partials = countPartials(state.blocks);
  while (partials > MAX_PARTIALS) {
    if (state.blocks.size <= MIN_BLOCKS) return false;
    const merged = coalesceBlocks(state.blocks);
    const after = countPartials(merged);
    if (after > partials * 0.75) return false;
    state.blocks = merged;
    state.size *= 2;
    partials = after;
  }
  return true;
}
