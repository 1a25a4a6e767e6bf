/**
 * Rows of a view read a page at a time, only for the range on screen: a gallery over 100k rows asks for the
 * few pages it shows, never the rest. Pages are kept (bounded) so scrolling back does not read them again;
 * `reset` forgets everything when the filter, sort or search changes. Pure, so it is tested without a browser.
 */
export interface Page<R> {
  list: R[];
  /** All rows of the view (with its filters), when the server says. */
  total?: number;
}

export type FetchPage<R> = (offset: number, limit: number) => Promise<Page<R>>;

export class PagedRows<R> {
  private pages = new Map<number, R[]>();
  private loading = new Set<number>();
  private generation = 0;
  private listeners = new Set<() => void>();
  total: number | undefined;
  /** Bumped on every change, so a view can tell that something it shows changed. */
  version = 0;

  constructor(
    private fetchPage: FetchPage<R>,
    readonly pageSize = 60,
    private maxPages = 60,
  ) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The row at an index, or undefined while its page is not read yet. */
  row(index: number): R | undefined {
    return this.pages.get(Math.floor(index / this.pageSize))?.[index % this.pageSize];
  }

  /** Reads the pages covering rows [from, to) that are not read or being read. */
  ensure(from: number, to: number): void {
    const first = Math.max(0, Math.floor(from / this.pageSize));
    const last = Math.floor(Math.max(from, to - 1) / this.pageSize);
    for (let p = first; p <= last; p++) {
      if (this.total !== undefined && p * this.pageSize >= this.total && p > 0) break;
      if (this.pages.has(p) || this.loading.has(p)) continue;
      void this.load(p);
    }
  }

  /** Replaces one row in place (after an edit), without reading its page again. */
  replace(index: number, row: R): void {
    const page = this.pages.get(Math.floor(index / this.pageSize));
    if (!page) return;
    page[index % this.pageSize] = row;
    this.emit();
  }

  /** Forgets every page (the view's filter, sort or search changed); the next `ensure` reads again. */
  reset(): void {
    this.generation += 1;
    this.pages.clear();
    this.loading.clear();
    this.total = undefined;
    this.emit();
  }

  get loadedPages(): number {
    return this.pages.size;
  }

  private async load(p: number): Promise<void> {
    const generation = this.generation;
    this.loading.add(p);
    try {
      const page = await this.fetchPage(p * this.pageSize, this.pageSize);
      if (generation !== this.generation) return;
      if (this.pages.size >= this.maxPages) this.evictFarFrom(p);
      this.pages.set(p, page.list);
      if (page.total !== undefined) this.total = page.total;
      else if (page.list.length < this.pageSize) this.total = p * this.pageSize + page.list.length;
    } finally {
      if (generation === this.generation) this.loading.delete(p);
    }
    this.emit();
  }

  private evictFarFrom(p: number): void {
    let far = -1;
    for (const k of this.pages.keys()) if (far < 0 || Math.abs(k - p) > Math.abs(far - p)) far = k;
    if (far >= 0) this.pages.delete(far);
  }

  private emit(): void {
    this.version += 1;
    for (const l of this.listeners) l();
  }
}
