/**
 * The grid measurements of issue 7, in a real headless Chromium against the built app:
 * first rows after navigation, wheel-scroll frame rate and long tasks, the share of frames whose visible rows
 * held real data while scrolling, fill time after a jump, JS heap, and cell edit saved-and-shown latency.
 */
import type { Page } from 'playwright-core';
import { median } from '../src/stats.js';
import type { BenchTable } from './seed.js';

const SCROLLER = '[data-testid=grid-scroller]';

export interface GridFigures {
  firstRowsMs: number[];
  fps: number;
  longTasks: number;
  longestTaskMs: number;
  filledPct: number;
  jumpFillMs: number[];
  heapMb: number;
  editMs: number[];
}

/** Navigates inside the app (hash change) to the grid and times until its visible rows show real data. */
async function timeFirstRows(page: Page, appUrl: string, t: BenchTable, other: string): Promise<number> {
  await page.goto(`${appUrl}/#/nc/${t.baseId}`);
  await page.waitForSelector('[data-testid=base-title], [data-testid=table-list]', { timeout: 30_000 });
  return page.evaluate(
    async ({ hash }) => {
      performance.clearMarks('rowbase:grid-first-rows');
      const start = performance.now();
      location.hash = hash;
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        const mark = performance.getEntriesByName('rowbase:grid-first-rows').at(-1);
        if (mark && mark.startTime > start) return mark.startTime - start;
        if (performance.now() - start > 20_000) return -1;
      }
    },
    { hash: `#/nc/${t.baseId}/${t.tableId}/${t.viewId}${other}` },
  );
}

/** Scrolls with wheel events, one per animation frame at `pxPerFrame`, for `ms`; counts frames and long tasks. */
async function wheelScroll(page: Page, ms: number, pxPerFrame: number) {
  return page.evaluate(
    async ({ selector, ms, pxPerFrame }) => {
      const scroller = document.querySelector(selector)!;
      const canvas = scroller.parentElement!.querySelector('canvas') as HTMLCanvasElement & {
        rowbaseGrid: { stats: { frames: number; completeFrames: number } };
      };
      const stats = canvas.rowbaseGrid.stats;
      const long: number[] = [];
      const observer = new PerformanceObserver((list) =>
        list.getEntries().forEach((e) => long.push(e.duration)),
      );
      observer.observe({ type: 'longtask' });
      const frames0 = stats.frames;
      const complete0 = stats.completeFrames;
      const start = performance.now();
      let rafs = 0;
      let direction = 1;
      while (performance.now() - start < ms) {
        await new Promise((r) => requestAnimationFrame(r));
        rafs++;
        if (rafs % 600 === 0) direction = -direction; // back and forth, as people do
        scroller.dispatchEvent(
          new WheelEvent('wheel', { deltaY: direction * pxPerFrame, bubbles: true, cancelable: true }),
        );
      }
      const elapsed = performance.now() - start;
      await new Promise((r) => setTimeout(r, 100));
      observer.disconnect();
      return {
        fps: (rafs * 1000) / elapsed,
        frames: stats.frames - frames0,
        complete: stats.completeFrames - complete0,
        long,
      };
    },
    { selector: SCROLLER, ms, pxPerFrame },
  );
}

/** Drags the scrollbar to a far row and times until the visible rows are filled. */
async function jumpFill(page: Page, fraction: number): Promise<number> {
  return page.evaluate(
    async ({ selector, fraction }) => {
      const scroller = document.querySelector(selector) as HTMLElement;
      const canvas = scroller.parentElement!.querySelector('canvas') as HTMLCanvasElement & {
        rowbaseGrid: { stats: { lastComplete: boolean; lastScrollY: number } };
      };
      const stats = canvas.rowbaseGrid.stats;
      const start = performance.now();
      const fromY = stats.lastScrollY;
      scroller.scrollTop = fraction * (scroller.scrollHeight - scroller.clientHeight);
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        // Done when a frame painted the new position with every visible row holding real data.
        if (stats.lastScrollY !== fromY && stats.lastComplete) return performance.now() - start;
        if (performance.now() - start > 10_000) return -1;
      }
    },
    { selector: SCROLLER, fraction },
  );
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

/** Types into a cell and presses Enter; times until the PATCH answered and the new value is painted. */
async function timeEdit(page: Page, i: number): Promise<number> {
  await page.click(SCROLLER, { position: { x: 64 + 200 + 100, y: 32 + 16 + 32 * (i % 5) } });
  await page.keyboard.type(`edited ${i}`);
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/records'));
  const t0 = await page.evaluate(() => performance.now());
  await page.keyboard.press('Enter');
  await saved;
  return (
    (await page.evaluate(
      () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now()))),
    )) - t0
  );
}

export async function measureGrid(page: Page, appUrl: string, t: BenchTable): Promise<GridFigures> {
  const firstRowsMs: number[] = [];
  for (let i = 0; i < 5; i++) firstRowsMs.push(await timeFirstRows(page, appUrl, t, `?run=${i}`));
  await page.waitForSelector(SCROLLER);
  await page.waitForTimeout(300);
  // Fast wheel scrolling: 64 px per frame is about 120 rows a second at 60 fps.
  const scroll = await wheelScroll(page, 6_000, 64);
  const jumpFillMs: number[] = [];
  for (const f of [0.9, 0.1, 0.5, 0.73, 0.25, 0.97, 0.4, 0.61, 0.05, 0.85])
    jumpFillMs.push(await jumpFill(page, f));
  const heap = await heapMb(page);
  await page.evaluate((s) => ((document.querySelector(s) as HTMLElement).scrollTop = 0), SCROLLER);
  await page.waitForTimeout(300);
  const editMs: number[] = [];
  for (let i = 0; i < 7; i++) editMs.push(await timeEdit(page, i));
  return {
    firstRowsMs,
    fps: scroll.fps,
    longTasks: scroll.long.length,
    longestTaskMs: Math.max(0, ...scroll.long),
    filledPct: (100 * scroll.complete) / Math.max(1, scroll.frames),
    jumpFillMs,
    heapMb: heap,
    editMs,
  };
}

/** Median and samples; a sample that timed out (-1) counts as the slowest, so it can only raise the median. */
function samples(values: number[]): string {
  const m = median(values.map((v) => (v < 0 ? Infinity : v)));
  const list = values.map((v) => (v < 0 ? 'timed out' : v.toFixed(0))).join(', ');
  return `median ${Number.isFinite(m) ? `${m.toFixed(0)} ms` : 'timed out'}   (${list})`;
}

export function printFigures(label: string, f: GridFigures): void {
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  console.log(`\n${label}`);
  console.log(`  first rows after navigation   ${samples(f.firstRowsMs)}`);
  console.log(
    `  wheel scrolling               ${f.fps.toFixed(1)} fps, ${f.longTasks} long tasks (longest ${ms(f.longestTaskMs)})`,
  );
  console.log(`  visible rows filled           ${f.filledPct.toFixed(1)}% of frames while scrolling`);
  console.log(`  fill after a jump             ${samples(f.jumpFillMs)}`);
  console.log(`  JS heap after GC              ${f.heapMb.toFixed(1)} MB`);
  console.log(
    `  cell edit saved and shown     median ${ms(median(f.editMs))}   (${f.editMs.map((v) => v.toFixed(0)).join(', ')})`,
  );
}
