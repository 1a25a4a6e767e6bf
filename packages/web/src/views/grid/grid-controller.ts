/**
 * The grid's imperative core, outside React so a scrolling frame never re-renders components: it owns the row
 * cache, column layout, selection and scroll position, and paints on requestAnimationFrame when something changed.
 * Input handling lives in grid-input.ts; clipboard and fill in grid-clipboard.ts.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { CellType } from '../../fields/cell-type';
import { cellTypeOf } from '../../fields/registry';
import { TextCache } from '../../fields/text-cache';
import { ColumnLayout } from './column-layout';
import { DisplayCache } from './display-cache';
import { EditHistory } from '../../undo/edit-history';
import { type CellChange, GridEdits } from './grid-edits';
import { type GridCallbacks, type GridSetup, messageOf } from './grid-setup';
import { FOOTER_HEIGHT, type Frame, HEADER_HEIGHT, paintFrame, rangeRect, visibleRows } from './renderer';
import { type GroupInfo, GroupRows } from './group-rows';
import { MISSING, RowCache } from './row-cache';
import { type Range, rangeOf, type Selection, single } from './selection';

/** Browsers cap element heights near 33.5M px; above this the scrollbar maps proportionally. */
const MAX_SCROLL_HEIGHT = 10_000_000;

export class GridController {
  readonly cache: RowCache;
  readonly history = new EditHistory();
  readonly edits: GridEdits;
  readonly callbacks: GridCallbacks;
  /** No cell can change (shared views, viewers): commits are ignored and editors never open. */
  readonly readOnly: boolean;
  columns: ColumnMeta[];
  types: CellType[];
  layout: ColumnLayout;
  rowHeight: number;
  selection: Selection = single(0, 0);
  rowsSelected = false;
  fillRange: Range | undefined;
  drag: { col: number; x: number } | undefined;
  footer: string[] | undefined;
  /** Set while the view groups rows: visual rows include a header per group at every level. */
  groups: GroupRows | undefined;
  /** The group-by fields, outermost first. */
  groupFields: ColumnMeta[] | undefined;
  private groupInfos: GroupInfo[] = [];
  private readonly collapsed = new Set<string>();
  width = 0;
  height = 0;
  scrollX = 0;
  scrollY = 0;
  private readonly keyOf: (c: ColumnMeta) => string;
  private cacheCol: number[] = [];
  private canvas: HTMLCanvasElement | undefined;
  private ctx: CanvasRenderingContext2D | undefined;
  private scroller: HTMLElement | undefined;
  private spacer: HTMLElement | undefined;
  private text: TextCache | undefined;
  private readonly display = new DisplayCache();
  private raf = 0;
  private lastFirst = 0;
  private direction: -1 | 0 | 1 = 0;
  private dpr = 1;
  private unsubscribe: (() => void)[] = [];
  private frameListeners = new Set<() => void>();
  private writeListeners = new Set<() => void>();
  /** Comments on a row, for the gutter's badge (set while comment counts are fed; see use-comment-counts). */
  commentCount?: (rowId: unknown) => number;
  /** Someone changed the comments of a row (a realtime event); the counts feeder asks again. */
  onRemoteComment?: (rowId: string) => void;
  /**
   * Counters the browser benchmark reads from the canvas (`canvas.rowbaseGrid.stats`): painted frames, frames
   * whose visible rows all held real data, and when that first happened. Two integer increments per frame.
   */
  readonly stats = { frames: 0, completeFrames: 0, firstCompleteAt: 0, lastComplete: false, lastScrollY: 0 };

  constructor(setup: GridSetup) {
    this.keyOf = setup.keyOf ?? ((c) => c.title);
    this.columns = setup.columns;
    this.types = setup.columns.map((c) => cellTypeOf(c.uidt));
    this.layout = new ColumnLayout(setup.widths, setup.frozen);
    this.rowHeight = setup.rowHeight;
    this.callbacks = setup.callbacks;
    this.readOnly = setup.readOnly ?? false;
    const idKey = setup.idKey ?? 'Id';
    this.cache = new RowCache(setup.source, setup.columns.map(this.keyOf), { idKey });
    this.cacheCol = setup.columns.map((_, i) => i);
    this.edits = new GridEdits(this.cache, setup.source, this.history, idKey);
    this.unsubscribe.push(this.cache.subscribe(() => this.scheduleDraw()));
    this.unsubscribe.push(this.cache.onError((e) => this.callbacks.onError(messageOf(e))));
  }

  /**
   * Starts reading (the row count; rows follow as frames ask for them). Nothing is fetched before this: React
   * may construct and discard a controller while rendering, and a request started there updates the in-flight
   * store, which restarts the render — a loop React only breaks when it expires the transition after 5 s.
   */
  start(): void {
    if (!this.cache.countKnown) this.cache.loadCount();
  }

  /** Connects the DOM: the canvas it paints on, and the scroller whose spacer gives the scrollbars their range. */
  attach(canvas: HTMLCanvasElement, scroller: HTMLElement, spacer: HTMLElement): void {
    this.canvas = canvas;
    (canvas as HTMLCanvasElement & { rowbaseGrid?: GridController }).rowbaseGrid = this;
    this.ctx = canvas.getContext('2d', { alpha: false }) ?? undefined;
    this.text = this.ctx ? new TextCache(this.ctx) : undefined;
    this.scroller = scroller;
    this.spacer = spacer;
    this.start();
    this.resize(scroller.clientWidth, scroller.clientHeight);
  }

  dispose(): void {
    cancelAnimationFrame(this.raf);
    for (const u of this.unsubscribe) u();
    this.cache.dispose();
  }

  /** Sets the viewport size in CSS pixels; the canvas backing store follows the device pixel ratio. */
  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.dpr = window.devicePixelRatio || 1;
    if (this.canvas) {
      this.canvas.width = Math.round(width * this.dpr);
      this.canvas.height = Math.round(height * this.dpr);
      this.canvas.style.width = `${width}px`;
      this.canvas.style.height = `${height}px`;
    }
    this.updateSpacer();
    this.scheduleDraw();
  }

  /** Replaces the shown columns (hide/show, reorder, resize, freeze). Rows reload only when the field set changes. */
  setColumns(columns: ColumnMeta[], widths: number[], frozen: number): void {
    const keys = columns.map(this.keyOf);
    const known = this.cache.columnKeys;
    const cacheCol = keys.map((k) => known.indexOf(k));
    if (cacheCol.some((i) => i < 0)) {
      this.cache.reload(keys);
      this.cacheCol = keys.map((_, i) => i);
    } else this.cacheCol = cacheCol;
    this.columns = columns;
    this.types = columns.map((c) => cellTypeOf(c.uidt));
    // Cells showing another field's value (QR codes, barcodes) read that field's cache column when it is shown.
    this.types.forEach((t, i) => {
      const source = t.valueFrom?.(columns[i]!);
      const at = source ? columns.findIndex((c) => c.id === source) : -1;
      if (at >= 0) this.cacheCol[i] = this.cacheCol[at]!;
    });
    this.layout = new ColumnLayout(widths, Math.min(frozen, columns.length));
    this.display.clear();
    this.updateSpacer();
    this.scheduleDraw();
  }

  setRowHeight(h: number): void {
    const topRow = this.scrollY / this.rowHeight;
    this.rowHeight = h;
    this.updateSpacer();
    this.setScroll(this.scrollX, topRow * h);
  }

  setFooter(footer: string[] | undefined): void {
    this.footer = footer;
    this.scheduleDraw();
  }

  /**
   * Shows rows grouped by `fields` (outermost first) with these leaf groups (in the order rows come), or
   * ungrouped with undefined.
   */
  setGroups(fields: ColumnMeta[] | undefined, infos: GroupInfo[] | undefined): void {
    this.groupFields = fields?.length ? fields : undefined;
    this.groupInfos = infos ?? [];
    this.groups = this.groupFields && infos ? new GroupRows(infos, this.collapsed) : undefined;
    this.updateSpacer();
    this.scheduleDraw();
  }

  /** Collapses or expands the group whose header is at a visual row. */
  toggleGroup(row: number): void {
    const header = this.groups?.header(row);
    if (!header) return;
    if (this.collapsed.has(header.key)) this.collapsed.delete(header.key);
    else this.collapsed.add(header.key);
    this.setGroups(this.groupFields, this.groupInfos);
  }

  /** The cache row shown at a visual row (-1 on a group header). */
  dataRow(row: number): number {
    return this.groups ? this.groups.dataRow(row) : row;
  }

  rowIdAt(row: number): unknown {
    const d = this.dataRow(row);
    return d < 0 ? undefined : this.cache.rowId(d);
  }

  /** The cache column of a shown column. */
  dataCol(col: number): number {
    return this.cacheCol[col] ?? -1;
  }

  value(row: number, col: number): unknown {
    const d = this.dataRow(row);
    return d < 0 ? MISSING : this.cache.get(d, this.dataCol(col));
  }

  /** Visual rows: data rows, plus one header per group when grouped. */
  get rowCount(): number {
    return this.groups ? this.groups.visualCount : this.cache.rowCount;
  }

  get bodyHeight(): number {
    return this.height - HEADER_HEIGHT - FOOTER_HEIGHT;
  }

  get pageRows(): number {
    return Math.max(1, Math.floor(this.bodyHeight / this.rowHeight) - 1);
  }

  private get contentHeight(): number {
    return this.rowCount * this.rowHeight;
  }

  /** Content pixels per scrollbar pixel (1 until the table is taller than the browser allows). */
  private get ratio(): number {
    const content = this.contentHeight;
    if (content <= MAX_SCROLL_HEIGHT) return 1;
    return Math.max(1, (content - this.bodyHeight) / (MAX_SCROLL_HEIGHT - this.bodyHeight));
  }

  private updateSpacer(): void {
    if (!this.spacer) return;
    const h = Math.min(this.contentHeight, MAX_SCROLL_HEIGHT) + HEADER_HEIGHT + FOOTER_HEIGHT;
    this.spacer.style.height = `${h}px`;
    this.spacer.style.width = `${this.layout.gutter + this.layout.totalWidth}px`;
  }

  /** Native scroll (scrollbar drag, keyboard in the scroller): read the position from the scroller. */
  onNativeScroll(): void {
    if (!this.scroller) return;
    const mapped = this.scroller.scrollTop * this.ratio;
    // Ignore the echo of our own wheel scrolling (the scroller rounds to whole pixels).
    if (Math.abs(mapped - this.scrollY) >= this.ratio) this.scrollY = mapped;
    this.scrollX = this.scroller.scrollLeft;
    this.scheduleDraw();
  }

  /** Wheel: scroll by exactly the wheel's distance in content pixels, whatever the scrollbar ratio. */
  onWheel(dx: number, dy: number): void {
    this.setScroll(this.scrollX + dx, this.scrollY + dy);
  }

  setScroll(x: number, y: number): void {
    const maxY = Math.max(0, this.contentHeight - this.bodyHeight);
    this.scrollY = Math.max(0, Math.min(maxY, y));
    this.scrollX = Math.max(0, Math.min(this.layout.maxScroll(this.width), x));
    if (this.scroller) {
      this.scroller.scrollTop = this.scrollY / this.ratio;
      this.scroller.scrollLeft = this.scrollX;
    }
    this.scheduleDraw();
  }

  /** Scrolls the least needed so that a cell is fully visible. */
  scrollToCell(row: number, col: number): void {
    let y = this.scrollY;
    const top = row * this.rowHeight;
    if (top < y) y = top;
    else if (top + this.rowHeight > y + this.bodyHeight) y = top + this.rowHeight - this.bodyHeight;
    let x = this.scrollX;
    if (col >= this.layout.frozen && col < this.layout.count) {
      const left = this.layout.screenX(col, 0) - this.layout.gutter - this.layout.frozenWidth;
      const right = left + this.layout.width(col);
      const view = this.width - this.layout.gutter - this.layout.frozenWidth;
      if (left < x) x = left;
      else if (right > x + view) x = right - view;
    }
    if (x !== this.scrollX || y !== this.scrollY) this.setScroll(x, y);
  }

  select(sel: Selection, rowsSelected = false): void {
    this.selection = sel;
    this.rowsSelected = rowsSelected;
    this.scrollToCell(sel.active.row, sel.active.col);
    this.scheduleDraw();
  }

  /** Gives the grid keyboard focus (after a menu action, so typing goes to the selected cell). */
  focus(): void {
    this.scroller?.focus();
  }

  get range(): Range {
    return rangeOf(this.selection);
  }

  /** Screen rectangle of a cell (CSS pixels relative to the grid), for editor overlays. */
  cellRect(row: number, col: number) {
    return rangeRect(this, { top: row, bottom: row, left: col, right: col });
  }

  rowAtY(y: number): number {
    if (y < HEADER_HEIGHT || y > this.height - FOOTER_HEIGHT) return -1;
    const row = Math.floor((y - HEADER_HEIGHT + this.scrollY) / this.rowHeight);
    return row < this.rowCount ? row : -1;
  }

  /** Parses typed text with the column's type and saves it; answers the validation message on failure. */
  async commitText(row: number, col: number, text: string): Promise<string | undefined> {
    const column = this.columns[col];
    if (!column) return undefined;
    const parsed = this.types[col]!.parse(text, column);
    if (!parsed.ok) return parsed.message;
    return this.commitValues([{ row, col, value: parsed.value }]);
  }

  /** Saves values for shown cells (col = shown column index); the failure message, if any, is returned. */
  async commitValues(changes: CellChange[], label?: string): Promise<string | undefined> {
    if (this.readOnly) return undefined;
    const mapped = changes
      .map((c) => ({ ...c, row: this.dataRow(c.row), col: this.dataCol(c.col) }))
      .filter((c) => c.col >= 0 && c.row >= 0);
    try {
      await this.edits.setCells(mapped, label);
      for (const l of this.writeListeners) l();
      return undefined;
    } catch (e) {
      return messageOf(e);
    }
  }

  async undo(): Promise<void> {
    try {
      await this.history.undo();
    } catch (e) {
      this.callbacks.onError(messageOf(e));
    }
  }

  async redo(): Promise<void> {
    try {
      await this.history.redo();
    } catch (e) {
      this.callbacks.onError(messageOf(e));
    }
  }

  /** Calls `listener` after cell edits were saved (footer aggregations refresh). */
  onWrite(listener: () => void): () => void {
    this.writeListeners.add(listener);
    return () => this.writeListeners.delete(listener);
  }

  /** Calls `listener` after every painted frame (the editor overlay follows scrolling this way). */
  onFrame(listener: () => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  scheduleDraw = (): void => {
    if (this.raf || !this.ctx) return;
    this.raf = requestAnimationFrame(this.draw);
  };

  private draw = (): void => {
    this.raf = 0;
    const ctx = this.ctx;
    if (!ctx || !this.text || this.width === 0) return;
    const [first, last] = visibleRows(this);
    // A jump (scrollbar drag, Ctrl+Down) has no direction worth prefetching far in: one chunk each side, so the
    // next jump's rows do not queue behind speculative ones. Steady scrolling prefetches ahead.
    const jumped = Math.abs(first - this.lastFirst) > 2 * (last - first + 1);
    if (jumped) this.direction = 0;
    else if (first !== this.lastFirst) this.direction = first > this.lastFirst ? 1 : -1;
    this.lastFirst = first;
    const prefetch = this.direction === 0 ? 1 : undefined;
    if (this.groups) this.cache.ensureSegments(this.groups.segments(first, last), this.direction, prefetch);
    else this.cache.ensure(first, last, this.direction, prefetch);
    this.count(first, last);
    this.updateSpacer();
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    paintFrame(ctx, this.frame(this.text));
    for (const l of this.frameListeners) l();
  };

  private count(first: number, last: number) {
    let complete = true;
    for (let r = first; r <= last && complete; r++) {
      const d = this.dataRow(r);
      complete = d < 0 || this.cache.isLoaded(d);
    }
    this.stats.frames++;
    this.stats.lastScrollY = this.scrollY;
    this.stats.lastComplete = complete && last >= first;
    if (!this.stats.lastComplete) return;
    this.stats.completeFrames++;
    if (!this.stats.firstCompleteAt) {
      this.stats.firstCompleteAt = performance.now();
      performance.mark('rowbase:grid-first-rows');
    }
  }

  private frame(text: TextCache): Frame {
    return {
      width: this.width,
      height: this.height,
      scrollX: this.scrollX,
      scrollY: this.scrollY,
      rowHeight: this.rowHeight,
      rowCount: this.rowCount,
      columns: this.columns,
      types: this.types,
      layout: this.layout,
      cache: this.cache,
      display: this.display,
      text,
      cacheCol: this.cacheCol,
      active: this.selection.active,
      range: this.range,
      rowsSelected: this.rowsSelected,
      fillRange: this.fillRange,
      readOnly: this.readOnly,
      footer: this.footer,
      drag: this.drag,
      groups: this.groups,
      groupFields: this.groupFields,
      commentCount: this.commentCount,
      redraw: this.scheduleDraw,
    };
  }
}
