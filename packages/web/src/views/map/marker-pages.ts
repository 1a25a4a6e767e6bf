/**
 * Reads every row of a view for the map, fast: the first page says how many there are, then the rest is split
 * into a few lanes of consecutive pages read side by side. Within a lane each page follows the one before, so
 * the server seeks from where that page ended instead of counting through an OFFSET (docs/performance.md); only
 * a lane's first page is read at a deep offset. Pages are handed over as they arrive, in any order.
 */
export interface MarkerPage<R> {
  list: R[];
  /** Rows of the view in all, as the first page's page info says. */
  total?: number;
}

/** The first page of each lane: pages 1..pages-1 split into at most `lanes` runs of consecutive pages. */
export function laneStarts(pages: number, lanes: number): number[] {
  const rest = Math.max(0, pages - 1);
  const count = Math.min(lanes, rest);
  return Array.from({ length: count }, (_, i) => 1 + Math.floor((i * rest) / count));
}

/**
 * Reads all pages of `size` rows through `fetch`, `lanes` at a time, handing each page's rows to `onPage`; stops
 * early once `stopped()` says so. Resolves when every lane is done.
 */
export async function readAllPages<R>(o: {
  fetch(offset: number, limit: number): Promise<MarkerPage<R>>;
  onPage(rows: R[]): void;
  stopped(): boolean;
  size: number;
  lanes: number;
}): Promise<void> {
  const first = await o.fetch(0, o.size);
  if (o.stopped()) return;
  o.onPage(first.list);
  if (first.list.length < o.size) return;
  // Without a total, one lane reads on until a short page.
  const pages = first.total === undefined ? Infinity : Math.ceil(first.total / o.size);
  const starts = pages === Infinity ? [1] : laneStarts(pages, o.lanes);
  await Promise.all(
    starts.map(async (start, i) => {
      const end = starts[i + 1] ?? pages;
      for (let p = start; p < end && !o.stopped(); p++) {
        const page = await o.fetch(p * o.size, o.size);
        if (o.stopped()) return;
        o.onPage(page.list);
        // Rows deleted meanwhile make a page short: the lanes after this one still read theirs.
        if (page.list.length < o.size && end === pages) return;
      }
    }),
  );
}
