/**
 * The grid's row window cache: rows by index, fetched in fixed-size chunks (one request per chunk), prefetched
 * ahead of the scroll direction, and evicted when far from the viewport so memory stays bounded at any table size.
 *
 * Rows are stored compactly: one array of values per column per chunk (no object per row), plus the row ids.
 * The total count is fetched separately and never blocks the first chunk; until it arrives the total is estimated
 * from what has been loaded.
 */

/** What the cache needs from the server. `fetchRows` must answer rows in view order starting at `offset`. */
export interface RowSource {
  fetchRows(offset: number, limit: number, signal: AbortSignal): Promise<Record<string, unknown>[]>;
  fetchCount(signal: AbortSignal): Promise<number>;
}

/** Marker for a cell whose row is not loaded (draw a placeholder). */
export const MISSING: unique symbol = Symbol('missing');
export type CellValue = unknown | typeof MISSING;

interface Chunk {
  index: number;
  /** Number of rows actually present (the last chunk may be short). */
  length: number;
  /** `values[col][rowInChunk]` */
  values: unknown[][];
  ids: unknown[];
  /** Set while the chunk is loading; undefined once settled. */
  abort?: AbortController;
  /** True when the chunk holds data from before the latest reload (shown until replaced). */
  stale: boolean;
}

export interface RowCacheOptions {
  chunkSize?: number;
  /** Chunks kept in memory at most (the visible ones always stay). */
  maxChunks?: number;
  /** Chunks prefetched beyond the viewport in the scroll direction (and half as many behind). */
  prefetchChunks?: number;
  /** The field holding the row id in a record. */
  idKey?: string;
}

export class RowCache {
  readonly chunkSize: number;
  private readonly maxChunks: number;
  private readonly prefetch: number;
  private readonly idKey: string;
  private columns: string[];
  private chunks = new Map<number, Chunk>();
  private count: number | undefined;
  private countAbort: AbortController | undefined;
  /** The highest row index known to exist + 1, used before the count is known. */
  private knownEnd = 0;
  /** Set once a short chunk shows where the table ends. */
  private endFound = false;
  private lastRange: [number, number] = [0, 0];
  private listeners = new Set<() => void>();
  private errorListeners = new Set<(e: unknown) => void>();
  private reloadListeners = new Set<() => void>();

  constructor(
    private source: RowSource,
    columns: string[],
    options: RowCacheOptions = {},
  ) {
    this.columns = columns;
    this.chunkSize = options.chunkSize ?? 100;
    this.maxChunks = Math.max(4, options.maxChunks ?? 40);
    this.prefetch = options.prefetchChunks ?? 3;
    this.idKey = options.idKey ?? 'Id';
  }

  /** Called whenever data or the row total changes (the renderer schedules a frame). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called when everything is refetched (filters, sorts, rows added or deleted): group counts change too. */
  onReload(listener: () => void): () => void {
    this.reloadListeners.add(listener);
    return () => this.reloadListeners.delete(listener);
  }

  onError(listener: (e: unknown) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  private changed() {
    for (const l of this.listeners) l();
  }

  /** The exact count once known, else an estimate that lets the user scroll one chunk past what is loaded. */
  get rowCount(): number {
    if (this.count !== undefined) return this.count;
    return this.endFound ? this.knownEnd : this.knownEnd + this.chunkSize;
  }

  get countKnown(): boolean {
    return this.count !== undefined;
  }

  get columnKeys(): readonly string[] {
    return this.columns;
  }

  columnIndex(key: string): number {
    return this.columns.indexOf(key);
  }

  /** Starts the count request (non-blocking). */
  loadCount(): void {
    this.countAbort?.abort();
    const abort = new AbortController();
    this.countAbort = abort;
    this.source.fetchCount(abort.signal).then(
      (n) => {
        if (abort.signal.aborted) return;
        this.count = n;
        this.countAbort = undefined;
        this.changed();
      },
      (e) => {
        if (!abort.signal.aborted) this.emitError(e);
      },
    );
  }

  private emitError(e: unknown) {
    for (const l of this.errorListeners) l(e);
  }

  /** The value of a cell, or MISSING when its row is not loaded. */
  get(row: number, col: number): CellValue {
    const chunk = this.chunks.get(Math.floor(row / this.chunkSize));
    if (!chunk) return MISSING;
    const i = row % this.chunkSize;
    if (i >= chunk.length) return MISSING;
    return chunk.values[col]?.[i];
  }

  /** The id of a loaded row, or undefined. */
  rowId(row: number): unknown {
    const chunk = this.chunks.get(Math.floor(row / this.chunkSize));
    const i = row % this.chunkSize;
    return chunk && i < chunk.length ? chunk.ids[i] : undefined;
  }

  /** The id of the row at `index`: the loaded one, else read from the server (that one row). */
  async idAt(index: number): Promise<unknown> {
    const loaded = this.rowId(index);
    if (loaded !== undefined) return loaded;
    const [row] = await this.source.fetchRows(index, 1, new AbortController().signal);
    return row?.[this.idKey];
  }

  isLoaded(row: number): boolean {
    const chunk = this.chunks.get(Math.floor(row / this.chunkSize));
    return !!chunk && row % this.chunkSize < chunk.length;
  }

  /** The row as a record (for the expanded form and copy), or undefined when not loaded. */
  record(row: number): Record<string, unknown> | undefined {
    if (!this.isLoaded(row)) return undefined;
    const out: Record<string, unknown> = { [this.idKey]: this.rowId(row) };
    this.columns.forEach((key, c) => (out[key] = this.get(row, c)));
    return out;
  }

  /** Writes one cell in place (optimistic edits, remote updates). Returns false when the row is not loaded. */
  set(row: number, col: number, value: unknown): boolean {
    const chunk = this.chunks.get(Math.floor(row / this.chunkSize));
    const i = row % this.chunkSize;
    if (!chunk || i >= chunk.length || !chunk.values[col]) return false;
    chunk.values[col][i] = value;
    this.changed();
    return true;
  }

  /**
   * Shows a new row at `index` at once (a row inserted between others, or appended after the last one):
   * loaded rows from there on move down by one, each chunk's last row becoming the next chunk's first, and
   * the total grows by one. Where that chain breaks (a chunk not loaded), the chunks after it cannot be
   * shifted with certainty and are dropped, to be fetched again when seen; requests in flight may have been
   * answered before the insert, so they are asked again too. A row already loaded (a refetch after the
   * insert, such as the realtime echo's, got there first) is left where it is: answers false.
   */
  insertAt(index: number, id: unknown, record: Record<string, unknown>): boolean {
    if (this.indexOfId(id) >= 0) return false;
    const size = this.chunkSize;
    const first = Math.floor(index / size);
    const total = this.count ?? (this.endFound ? this.knownEnd : undefined);
    let carry: { id: unknown; values: unknown[] } | undefined = {
      id,
      values: this.columns.map((key) => record[key] ?? null),
    };
    const later = [...this.chunks.values()].filter((c) => c.index >= first).sort((a, b) => a.index - b.index);
    let expected = first;
    for (const chunk of later) {
      if (chunk.abort) {
        chunk.abort.abort();
        chunk.abort = undefined;
        chunk.stale = true;
      }
      const at = chunk.index === first ? index - first * size : 0;
      const chained =
        carry !== undefined && chunk.index === expected && at <= chunk.length && chunk.length > 0;
      expected = chunk.index + 1;
      if (!chained) {
        this.chunks.delete(chunk.index);
        carry = undefined;
        continue;
      }
      const moving = carry!;
      chunk.values.forEach((column, c) => column.splice(at, 0, moving.values[c]));
      chunk.ids.splice(at, 0, moving.id);
      if (chunk.length < size) {
        chunk.length++;
        carry = undefined;
      } else {
        carry = { id: chunk.ids.pop(), values: chunk.values.map((column) => column.pop()) };
      }
    }
    if (carry && expected * size === total) {
      // The row pushed past a full last chunk (or the new row appended after it) starts a chunk of its own.
      const values = carry.values.map((v) => [v]);
      this.chunks.set(expected, { index: expected, length: 1, values, ids: [carry.id], stale: false });
    }
    if (this.count !== undefined) this.count++;
    if (index <= this.knownEnd) this.knownEnd++;
    // A count still being fetched may not include the new row.
    if (this.countAbort) this.loadCount();
    this.changed();
    return true;
  }

  /** Finds the loaded row index holding `id` (only loaded chunks are searched: at most maxChunks × chunkSize). */
  indexOfId(id: unknown): number {
    for (const chunk of this.chunks.values()) {
      const i = chunk.ids.indexOf(id);
      if (i >= 0 && i < chunk.length) return chunk.index * this.chunkSize + i;
    }
    return -1;
  }

  /**
   * Makes sure rows `first..last` (inclusive) are loaded or loading, prefetches in the scroll `direction`
   * (+1 down, -1 up, 0 unknown), cancels loads and evicts chunks far from the range.
   */
  ensure(first: number, last: number, direction: -1 | 0 | 1 = 0, prefetch = this.prefetch): void {
    this.ensureSegments([[first, last]], direction, prefetch);
  }

  /** Like `ensure` for several row ranges on screen at once (groups with collapsed groups between them). */
  ensureSegments(
    segments: readonly (readonly [number, number])[],
    direction: -1 | 0 | 1 = 0,
    prefetch = this.prefetch,
  ): void {
    if (!segments.length) return;
    const size = this.chunkSize;
    const visible: number[] = [];
    for (const [first, last] of segments)
      for (let c = Math.floor(Math.max(0, first) / size); c <= Math.floor(Math.max(0, last) / size); c++)
        if (visible.at(-1) !== c) visible.push(c);
    const firstChunk = visible[0]!;
    const lastChunk = visible.at(-1)!;
    this.lastRange = [firstChunk, lastChunk];
    const ahead = prefetch;
    const behind = Math.ceil(ahead / 2);
    const from = firstChunk - (direction < 0 ? ahead : behind);
    const to = lastChunk + (direction > 0 ? ahead : direction < 0 ? behind : ahead);
    const maxChunk = this.maxChunkIndex();
    // Visible chunks first. While any of them is missing (a jump), prefetching waits: the server answers one
    // query at a time, and the viewport's rows must not queue behind rows nobody sees yet. The next frame,
    // once they arrive, prefetches.
    let visibleMissing = false;
    for (let i = 0; i < visible.length;) {
      let n = 0;
      while (i + n < visible.length && visible[i + n] === visible[i]! + n && this.needsLoad(visible[i + n]!))
        n++;
      if (n) this.loadRun(visible[i]!, n);
      i += Math.max(1, n);
    }
    for (const c of visible) if (!this.chunks.get(c)?.length) visibleMissing = true;
    if (visibleMissing) {
      this.evict(firstChunk, lastChunk);
      return;
    }
    for (let d = 1; ; d++) {
      const down = lastChunk + d;
      const up = firstChunk - d;
      if (down > to && up < from) break;
      if (direction >= 0 && down <= to && down <= maxChunk) this.load(down);
      if (up >= from && up >= 0) this.load(up);
      if (direction < 0 && down <= to && down <= maxChunk) this.load(down);
    }
    this.evict(from, to);
  }

  private maxChunkIndex(): number {
    const total = this.count ?? (this.endFound ? this.knownEnd : Infinity);
    return total === Infinity ? Infinity : Math.max(0, Math.ceil(total / this.chunkSize) - 1);
  }

  private needsLoad(index: number): boolean {
    const existing = this.chunks.get(index);
    return !existing || (existing.stale && !existing.abort);
  }

  private load(index: number): void {
    if (this.needsLoad(index)) this.loadRun(index, 1);
  }

  /**
   * Loads `count` adjacent chunks in one request (the viewport straddling two chunks after a jump costs one
   * deep query, not two), then splits the answer into chunks.
   */
  private loadRun(first: number, count: number): void {
    const abort = new AbortController();
    const run: Chunk[] = [];
    for (let index = first; index < first + count; index++) {
      const chunk: Chunk = this.chunks.get(index) ?? {
        index,
        length: 0,
        values: this.columns.map(() => []),
        ids: [],
        stale: false,
      };
      chunk.abort = abort;
      this.chunks.set(index, chunk);
      run.push(chunk);
    }
    const size = this.chunkSize;
    this.source.fetchRows(first * size, count * size, abort.signal).then(
      (rows) => {
        if (abort.signal.aborted) return;
        run.forEach((chunk, i) => {
          if (this.chunks.get(chunk.index) === chunk) this.fill(chunk, rows.slice(i * size, (i + 1) * size));
        });
        this.changed();
      },
      (e) => {
        // Cancelled or failed: chunks of the run still waiting are forgotten, to be asked for again.
        for (const chunk of run) {
          if (this.chunks.get(chunk.index) !== chunk || chunk.abort !== abort) continue;
          chunk.abort = undefined;
          if (chunk.length === 0) this.chunks.delete(chunk.index);
        }
        if (!abort.signal.aborted) this.emitError(e);
      },
    );
  }

  private fill(chunk: Chunk, rows: Record<string, unknown>[]) {
    const n = rows.length;
    const values = this.columns.map((key) => {
      const column = new Array<unknown>(n);
      for (let i = 0; i < n; i++) column[i] = rows[i]![key] ?? null;
      return column;
    });
    const ids = new Array<unknown>(n);
    for (let i = 0; i < n; i++) ids[i] = rows[i]![this.idKey];
    chunk.values = values;
    chunk.ids = ids;
    chunk.length = n;
    chunk.abort = undefined;
    chunk.stale = false;
    const end = chunk.index * this.chunkSize + n;
    if (n < this.chunkSize) {
      // A short chunk shows where the table ends (and corrects a count taken before rows were deleted).
      this.endFound = true;
      this.knownEnd = n > 0 || end < this.knownEnd ? end : this.knownEnd;
      if (this.count !== undefined && n > 0) this.count = end;
    } else {
      if (end > this.knownEnd) this.knownEnd = end;
      if (this.count !== undefined && end > this.count) this.count = end;
    }
  }

  /** Drops chunks outside the kept window, nearest-first kept, and cancels their requests. */
  private evict(from: number, to: number) {
    if (this.chunks.size <= this.maxChunks) {
      for (const chunk of this.chunks.values())
        if (chunk.abort && (chunk.index < from || chunk.index > to)) this.drop(chunk);
      return;
    }
    const [a, b] = this.lastRange;
    const distance = (c: Chunk) => (c.index < a ? a - c.index : c.index > b ? c.index - b : 0);
    const sorted = [...this.chunks.values()].sort((x, y) => distance(y) - distance(x));
    for (const chunk of sorted) {
      if (this.chunks.size <= this.maxChunks) break;
      if (chunk.index >= from && chunk.index <= to) continue;
      this.drop(chunk);
    }
  }

  private drop(chunk: Chunk) {
    chunk.abort?.abort();
    this.chunks.delete(chunk.index);
  }

  /** Chunks held in memory (for tests and the heap budget). */
  get chunkCount(): number {
    return this.chunks.size;
  }

  /**
   * Refetches everything (after a filter, sort, insert or delete) while keeping the loaded rows on screen until
   * their replacements arrive; the caller keeps its scroll position. With `columns`, the field set changed:
   * old rows cannot be shown for new columns, so they are dropped.
   */
  reload(columns?: string[]): void {
    for (const chunk of this.chunks.values()) {
      chunk.abort?.abort();
      chunk.abort = undefined;
      chunk.stale = true;
    }
    if (columns) {
      this.columns = columns;
      this.chunks.clear();
    }
    for (const chunk of [...this.chunks.values()]) if (chunk.length === 0) this.chunks.delete(chunk.index);
    // The old count stays as the estimate until the new one arrives, so the scroll range does not collapse.
    this.endFound = false;
    this.loadCount();
    const [a, b] = this.lastRange;
    this.ensure(a * this.chunkSize, b * this.chunkSize + this.chunkSize - 1, 0);
    for (const l of this.reloadListeners) l();
    this.changed();
  }

  /** Cancels every request (the grid unmounts). */
  dispose(): void {
    this.countAbort?.abort();
    for (const chunk of this.chunks.values()) chunk.abort?.abort();
    this.chunks.clear();
    this.listeners.clear();
    this.errorListeners.clear();
    this.reloadListeners.clear();
  }
}
