/**
 * What the grid canvas actually shows, for journeys that must not trust the controller's model: a page init
 * script wraps the 2D context's `fillText` and records every string drawn on the grid canvas in the last
 * complete frame (a frame starts with the fill that covers the whole canvas), with where it was drawn; pixels
 * are read back from the canvas itself. If a cell type stopped painting, or painted the wrong value, these fail.
 */
import type { Page } from 'playwright-core';
import { eventually } from './grid.js';

/** Records drawn text; call before the page navigates (it is an init script). */
export async function installPaintProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Drawn = { text: string; x: number; y: number };
    const probe = { frame: [] as Drawn[], current: [] as Drawn[] };
    (window as unknown as { __rowbasePaint: typeof probe }).__rowbasePaint = probe;
    const onGrid = (ctx: CanvasRenderingContext2D) =>
      !!ctx.canvas.parentElement?.matches('[data-testid=grid]');
    const proto = CanvasRenderingContext2D.prototype;
    // The grid paints scrolled columns under a clip; text whose anchor was clipped away is not on screen.
    type Box = { x0: number; y0: number; x1: number; y1: number };
    const all: Box = { x0: -Infinity, y0: -Infinity, x1: Infinity, y1: Infinity };
    let clipBox = all;
    let lastRect = all;
    const saved: Box[] = [];
    const { save, restore, rect, clip, fillRect } = proto;
    proto.save = function () {
      if (onGrid(this)) saved.push(clipBox);
      return save.call(this);
    };
    proto.restore = function () {
      if (onGrid(this)) clipBox = saved.pop() ?? all;
      return restore.call(this);
    };
    proto.rect = function (x: number, y: number, w: number, h: number) {
      lastRect = { x0: x, y0: y, x1: x + w, y1: y + h };
      return rect.call(this, x, y, w, h);
    };
    proto.clip = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      if (onGrid(this))
        clipBox = {
          x0: Math.max(clipBox.x0, lastRect.x0),
          y0: Math.max(clipBox.y0, lastRect.y0),
          x1: Math.min(clipBox.x1, lastRect.x1),
          y1: Math.min(clipBox.y1, lastRect.y1),
        };
      return (clip as (...a: unknown[]) => void).apply(this, args);
    };
    proto.fillRect = function (x: number, y: number, w: number, h: number) {
      const t = this.getTransform();
      // The first fill of a frame covers the whole backing store: what came before was the previous frame.
      if (
        onGrid(this) &&
        x === 0 &&
        y === 0 &&
        w * t.a >= this.canvas.width - 1 &&
        h * t.d >= this.canvas.height - 1
      ) {
        if (probe.current.length) probe.frame = probe.current;
        probe.current = [];
      }
      return fillRect.call(this, x, y, w, h);
    };
    const fillText = proto.fillText;
    proto.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
      const shown = x >= clipBox.x0 && x <= clipBox.x1 && y >= clipBox.y0 && y <= clipBox.y1;
      if (onGrid(this) && shown) probe.current.push({ text: String(text), x, y });
      return maxWidth === undefined
        ? fillText.call(this, text, x, y)
        : fillText.call(this, text, x, y, maxWidth);
    };
    // A frame is complete once its animation-frame callback returned; publish it then.
    const publish = () => {
      if (probe.current.length) probe.frame = probe.current;
      requestAnimationFrame(publish);
    };
    requestAnimationFrame(publish);
  });
}

/** Scrolls a cell into view and answers its rectangle in canvas CSS pixels once a frame has painted it. */
async function cellBox(page: Page, title: string, row: number) {
  return page.evaluate(
    async ({ title, row }) => {
      const g = (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid;
      const col = g.columns.findIndex((c: { title: string }) => c.title === title);
      if (col < 0) throw new Error(`no column ${title}`);
      g.scrollToCell(row, col);
      g.scheduleDraw();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return g.cellRect(row, col) as { x: number; y: number; w: number; h: number };
    },
    { title, row },
  );
}

/** The strings painted inside a cell in the last frame, left to right. */
export async function paintedText(page: Page, title: string, row: number): Promise<string[]> {
  const box = await cellBox(page, title, row);
  return page.evaluate((box) => {
    const frame = (window as any).__rowbasePaint.frame as { text: string; x: number; y: number }[];
    return frame
      .filter((d) => d.x >= box.x && d.x <= box.x + box.w && d.y >= box.y && d.y <= box.y + box.h)
      .sort((a, b) => a.x - b.x)
      .map((d) => d.text);
  }, box);
}

/** Waits until the cell paints exactly `expected` (one string, or the strings of tags left to right). */
export async function expectPainted(page: Page, title: string, row: number, expected: string | string[]) {
  const want = JSON.stringify(Array.isArray(expected) ? expected : [expected]);
  await eventually(
    () => paintedText(page, title, row),
    (texts) => JSON.stringify(texts) === want,
  );
}

/**
 * The colour painted at a point of a cell, as [r, g, b]: `dx`/`dy` are offsets from the cell's centre in CSS
 * pixels. Read from the canvas backing store, so it is what the screen shows.
 */
export async function paintedColor(
  page: Page,
  title: string,
  row: number,
  dx: number,
  dy: number,
): Promise<[number, number, number]> {
  const box = await cellBox(page, title, row);
  return page.evaluate(
    ({ box, dx, dy }) => {
      const canvas = document.querySelector('[data-testid=grid] canvas') as HTMLCanvasElement;
      const scale = canvas.width / canvas.clientWidth;
      const x = Math.round((box.x + box.w / 2 + dx) * scale);
      const y = Math.round((box.y + box.h / 2 + dy) * scale);
      const [r, g, b] = canvas.getContext('2d')!.getImageData(x, y, 1, 1).data;
      return [r!, g!, b!] as [number, number, number];
    },
    { box, dx, dy },
  );
}
