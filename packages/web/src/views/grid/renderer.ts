/**
 * Paints one frame of the grid on a single canvas: only the visible cells, then frozen columns, the row-number
 * gutter, the header, the selection and the footer. Nothing here allocates per cell beyond what the caches hold.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { CellType, PaintContext } from '../../fields/cell-type';
import { COLORS, FONT, paintText, PAD } from '../../fields/paint';
import type { TextCache } from '../../fields/text-cache';
import type { ColumnLayout } from './column-layout';
import type { DisplayCache } from './display-cache';
import type { GroupRows } from './group-rows';
import { MISSING, type RowCache } from './row-cache';
import type { Range } from './selection';

export const HEADER_HEIGHT = 32;
export const FOOTER_HEIGHT = 32;

export interface Frame {
  width: number;
  height: number;
  scrollX: number;
  scrollY: number;
  rowHeight: number;
  rowCount: number;
  columns: readonly ColumnMeta[];
  types: readonly CellType[];
  layout: ColumnLayout;
  cache: RowCache;
  display: DisplayCache;
  text: TextCache;
  /** Maps a visible column to its index in the cache's column keys. */
  cacheCol: readonly number[];
  active?: { row: number; col: number };
  range?: Range;
  /** Whole rows selected from the gutter. */
  rowsSelected?: boolean;
  fillRange?: Range;
  /** No fill handle and no header menu arrows on a read-only grid. */
  readOnly?: boolean;
  footer?: readonly string[];
  /** Column being dragged to reorder, and where its ghost is. */
  drag?: { col: number; x: number };
  groups?: GroupRows;
  /** The group-by fields, outermost first (the header of level n names field n). */
  groupFields?: readonly ColumnMeta[];
  /** Comments on a row (by row id): a badge in the gutter when above zero. */
  commentCount?: (rowId: unknown) => number;
  redraw(): void;
}

/** The first and last row indexes with any part in the viewport. */
export function visibleRows(
  f: Pick<Frame, 'height' | 'scrollY' | 'rowHeight' | 'rowCount'>,
): [number, number] {
  const body = f.height - HEADER_HEIGHT - FOOTER_HEIGHT;
  const first = Math.max(0, Math.floor(f.scrollY / f.rowHeight));
  const last = Math.min(f.rowCount - 1, Math.floor((f.scrollY + body) / f.rowHeight));
  return [first, last];
}

export const rowTop = (f: Pick<Frame, 'scrollY' | 'rowHeight'>, row: number) =>
  HEADER_HEIGHT + row * f.rowHeight - f.scrollY;

export function paintFrame(ctx: CanvasRenderingContext2D, f: Frame): void {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, f.width, f.height);
  ctx.font = FONT;
  f.text.setFont(FONT);
  ctx.textBaseline = 'middle';
  const [first, last] = visibleRows(f);
  const [c0, c1] = f.layout.visibleRange(f.scrollX, f.width);
  const bodyTop = HEADER_HEIGHT;
  const bodyBottom = f.height - FOOTER_HEIGHT;
  const frozenRight = f.layout.gutter + f.layout.frozenWidth;

  clip(ctx, frozenRight, bodyTop, f.width - frozenRight, bodyBottom - bodyTop, () => {
    for (let c = c0; c <= c1; c++) paintColumn(ctx, f, c, first, last);
  });
  clip(ctx, f.layout.gutter, bodyTop, f.layout.frozenWidth, bodyBottom - bodyTop, () => {
    for (let c = 0; c < f.layout.frozen && c < f.layout.count; c++) paintColumn(ctx, f, c, first, last);
  });
  if (f.layout.frozen > 0) line(ctx, frozenRight - 0.5, bodyTop, frozenRight - 0.5, bodyBottom, '#c7cbd1');
  clip(ctx, 0, bodyTop, f.width, bodyBottom - bodyTop, () => paintSelection(ctx, f));
  paintGutter(ctx, f, first, last);
  if (f.groups)
    clip(ctx, 0, bodyTop, f.width, bodyBottom - bodyTop, () => paintGroupHeaders(ctx, f, first, last));
  paintHeader(ctx, f, c0, c1);
  paintFooter(ctx, f, c0, c1);
}

function clip(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, paint: () => void) {
  if (w <= 0 || h <= 0) return;
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  paint();
  ctx.restore();
}

function line(
  ctx: CanvasRenderingContext2D,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  color = COLORS.border,
) {
  ctx.strokeStyle = color;
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.stroke();
}

/** One reusable paint context: cells overwrite its rectangle instead of allocating a new object each. */
const cellBox: PaintContext = {
  ctx: undefined as unknown as CanvasRenderingContext2D,
  x: 0,
  y: 0,
  w: 0,
  h: 0,
  text: undefined as unknown as TextCache,
  redraw: () => {},
};

function paintColumn(ctx: CanvasRenderingContext2D, f: Frame, c: number, first: number, last: number) {
  const x = f.layout.screenX(c, f.scrollX);
  const w = f.layout.width(c);
  const column = f.columns[c]!;
  const type = f.types[c]!;
  const key = f.cacheCol[c]!;
  cellBox.ctx = ctx;
  cellBox.text = f.text;
  cellBox.redraw = f.redraw;
  cellBox.x = x;
  cellBox.w = w;
  cellBox.h = f.rowHeight;
  for (let r = first; r <= last; r++) {
    const y = rowTop(f, r);
    const d = f.groups ? f.groups.dataRow(r) : r;
    if (d < 0) continue; // a group header, painted across the row afterwards
    const value = f.cache.get(d, key);
    if (value === MISSING) {
      ctx.fillStyle = '#f1f3f5';
      ctx.fillRect(
        x + PAD,
        y + f.rowHeight / 2 - 5,
        Math.max(0, Math.min(w - PAD * 2, 40 + ((r * 37 + c * 13) % 60))),
        10,
      );
    } else {
      cellBox.y = y;
      const display = f.display.text(c, value, (v) => type.format(v, column));
      if (type.paint) type.paint(cellBox, value, display, column);
      else paintText(cellBox, display, type.align ?? 'left');
    }
    line(ctx, x, y + f.rowHeight - 0.5, x + w, y + f.rowHeight - 0.5);
  }
  line(ctx, x + w - 0.5, HEADER_HEIGHT, x + w - 0.5, Math.min(rowTop(f, last + 1), f.height - FOOTER_HEIGHT));
}

function paintGutter(ctx: CanvasRenderingContext2D, f: Frame, first: number, last: number) {
  const g = f.layout.gutter;
  ctx.fillStyle = '#f9fafb';
  ctx.fillRect(0, HEADER_HEIGHT, g, f.height - HEADER_HEIGHT - FOOTER_HEIGHT);
  clip(ctx, 0, HEADER_HEIGHT, g, f.height - HEADER_HEIGHT - FOOTER_HEIGHT, () => {
    ctx.fillStyle = COLORS.muted;
    ctx.textAlign = 'right';
    for (let r = first; r <= last; r++) {
      const y = rowTop(f, r);
      const selected = f.range && r >= f.range.top && r <= f.range.bottom;
      if (selected) {
        ctx.fillStyle = '#e0e7ff';
        ctx.fillRect(0, y, g, f.rowHeight);
        ctx.fillStyle = COLORS.muted;
      }
      const d = f.groups ? f.groups.dataRow(r) : r;
      if (d >= 0) ctx.fillText(f.display.text(-1, d + 1, String), g - PAD, y + f.rowHeight / 2);
      const comments = d >= 0 && f.commentCount ? f.commentCount(f.cache.rowId(d)) : 0;
      if (comments > 0) paintCommentBadge(ctx, y + f.rowHeight / 2, comments);
      line(ctx, 0, y + f.rowHeight - 0.5, g, y + f.rowHeight - 0.5);
    }
    ctx.textAlign = 'left';
  });
  line(ctx, g - 0.5, HEADER_HEIGHT, g - 0.5, f.height - FOOTER_HEIGHT, '#c7cbd1');
}

export const COMMENT_BADGE = { x: 4, w: 20, h: 14, color: '#4351E8' };

/** A small filled bubble with the row's comment count, left of the row number. */
function paintCommentBadge(ctx: CanvasRenderingContext2D, midY: number, count: number) {
  const b = COMMENT_BADGE;
  ctx.save();
  ctx.fillStyle = b.color;
  ctx.beginPath();
  ctx.roundRect(b.x, midY - b.h / 2, b.w, b.h, 4);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.font = '600 10px sans-serif';
  ctx.textAlign = 'center';
  ctx.fillText(count > 99 ? '99+' : String(count), b.x + b.w / 2, midY + 0.5);
  ctx.restore();
}

function paintHeader(ctx: CanvasRenderingContext2D, f: Frame, c0: number, c1: number) {
  ctx.fillStyle = '#f9fafb';
  ctx.fillRect(0, 0, f.width, HEADER_HEIGHT);
  const frozenRight = f.layout.gutter + f.layout.frozenWidth;
  const paintOne = (c: number) => {
    const x = f.layout.screenX(c, f.scrollX);
    const w = f.layout.width(c);
    const active = f.range && c >= f.range.left && c <= f.range.right;
    if (active) {
      ctx.fillStyle = '#eef2ff';
      ctx.fillRect(x, 0, w, HEADER_HEIGHT);
    }
    ctx.fillStyle = COLORS.text;
    ctx.fillText(f.text.fit(f.columns[c]!.title, w - PAD * 2 - 12), x + PAD, HEADER_HEIGHT / 2);
    ctx.fillStyle = COLORS.muted;
    if (!f.readOnly) ctx.fillText('▾', x + w - PAD - 8, HEADER_HEIGHT / 2);
    line(ctx, x + w - 0.5, 0, x + w - 0.5, HEADER_HEIGHT);
  };
  clip(ctx, frozenRight, 0, f.width - frozenRight, HEADER_HEIGHT, () => {
    for (let c = c0; c <= c1; c++) paintOne(c);
  });
  for (let c = 0; c < f.layout.frozen && c < f.layout.count; c++) paintOne(c);
  line(ctx, 0, HEADER_HEIGHT - 0.5, f.width, HEADER_HEIGHT - 0.5, '#c7cbd1');
  ctx.fillStyle = COLORS.muted;
  ctx.fillText('#', PAD, HEADER_HEIGHT / 2);
  if (f.drag) {
    ctx.fillStyle = 'rgba(67, 81, 232, 0.15)';
    ctx.fillRect(f.drag.x, 0, f.layout.width(f.drag.col), f.height - FOOTER_HEIGHT);
  }
}

function paintFooter(ctx: CanvasRenderingContext2D, f: Frame, c0: number, c1: number) {
  const top = f.height - FOOTER_HEIGHT;
  ctx.fillStyle = '#f9fafb';
  ctx.fillRect(0, top, f.width, FOOTER_HEIGHT);
  line(ctx, 0, top + 0.5, f.width, top + 0.5, '#c7cbd1');
  ctx.fillStyle = COLORS.muted;
  ctx.fillText(f.cache.countKnown ? `${f.cache.rowCount}` : '…', PAD, top + FOOTER_HEIGHT / 2);
  if (!f.footer) return;
  const frozenRight = f.layout.gutter + f.layout.frozenWidth;
  const paintOne = (c: number) => {
    const text = f.footer![c];
    if (!text) return;
    const x = f.layout.screenX(c, f.scrollX);
    ctx.fillStyle = COLORS.muted;
    ctx.fillText(f.text.fit(text, f.layout.width(c) - PAD * 2), x + PAD, top + FOOTER_HEIGHT / 2);
  };
  clip(ctx, frozenRight, top, f.width - frozenRight, FOOTER_HEIGHT, () => {
    for (let c = c0; c <= c1; c++) paintOne(c);
  });
  for (let c = 0; c < f.layout.frozen && c < f.layout.count; c++) paintOne(c);
}

/** Screen rectangle of a cell range; x clipped to the frozen edge for scrolling columns. */
export function rangeRect(f: Pick<Frame, 'layout' | 'scrollX' | 'scrollY' | 'rowHeight'>, r: Range) {
  const x1 = f.layout.screenX(r.left, f.scrollX);
  const x2 = f.layout.screenX(r.right, f.scrollX) + f.layout.width(r.right);
  const y1 = rowTop(f, r.top);
  const y2 = rowTop(f, r.bottom) + f.rowHeight;
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}

function paintSelection(ctx: CanvasRenderingContext2D, f: Frame) {
  if (f.range && (f.range.top !== f.range.bottom || f.range.left !== f.range.right || f.rowsSelected)) {
    const r = rangeRect(f, f.range);
    ctx.fillStyle = 'rgba(67, 81, 232, 0.08)';
    ctx.fillRect(r.x, r.y, r.w, r.h);
    ctx.strokeStyle = COLORS.accent;
    ctx.strokeRect(r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1);
  }
  if (f.fillRange) {
    const r = rangeRect(f, f.fillRange);
    ctx.setLineDash([4, 3]);
    ctx.strokeStyle = COLORS.accent;
    ctx.strokeRect(r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1);
    ctx.setLineDash([]);
  }
  if (f.active) {
    const r = rangeRect(f, {
      top: f.active.row,
      bottom: f.active.row,
      left: f.active.col,
      right: f.active.col,
    });
    ctx.strokeStyle = COLORS.accent;
    ctx.lineWidth = 2;
    ctx.strokeRect(r.x + 1, r.y + 1, r.w - 2, r.h - 2);
    ctx.lineWidth = 1;
    if (f.readOnly) return;
    const handle = f.range ? rangeRect(f, f.range) : r;
    ctx.fillStyle = COLORS.accent;
    ctx.fillRect(handle.x + handle.w - 4, handle.y + handle.h - 4, 7, 7);
  }
}

/** Shades of group header bands, outermost first (deeper levels lighter). */
const GROUP_BANDS = ['#e4e7ec', '#eef0f3', '#f5f6f8'];
/** Indent per group level. */
const GROUP_INDENT = 16;

/** A band across each visible group header, indented by level: toggle, the field and value, and the row count. */
function paintGroupHeaders(ctx: CanvasRenderingContext2D, f: Frame, first: number, last: number) {
  for (let r = first; r <= last; r++) {
    const header = f.groups!.header(r);
    if (!header) continue;
    const y = rowTop(f, r);
    const indent = header.level * GROUP_INDENT;
    ctx.fillStyle = GROUP_BANDS[Math.min(header.level, GROUP_BANDS.length - 1)]!;
    ctx.fillRect(0, y, f.width, f.rowHeight);
    line(ctx, 0, y + f.rowHeight - 0.5, f.width, y + f.rowHeight - 0.5, '#c7cbd1');
    const title = f.groupFields?.[header.level]?.title ?? '';
    const value =
      header.value === null || header.value === undefined || header.value === ''
        ? 'Empty'
        : String(header.value);
    ctx.fillStyle = COLORS.text;
    ctx.fillText(
      f.text.fit(
        `${header.collapsed ? '▸' : '▾'}  ${title}: ${value}   (${header.count})`,
        f.width - PAD * 2 - indent,
      ),
      PAD + indent,
      y + f.rowHeight / 2,
    );
  }
}
