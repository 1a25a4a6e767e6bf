/**
 * Range operations on the grid: copy as TSV (display text, as spreadsheets expect), paste TSV into a range
 * (each cell parsed and validated by its type first; one save and one undo entry for the whole paste),
 * fill-handle drags, and clearing with Delete.
 */
import type { CellType } from '../../fields/cell-type';
import type { CellChange } from './grid-edits';
import type { GridController } from './grid-controller';
import { MISSING } from './row-cache';
import type { Range } from './selection';
import { parseTsv, toTsv } from './tsv';

/** The selected range as TSV; rows not loaded yet are copied as empty cells. */
export function copyRange(g: GridController, r: Range): string {
  const rows: string[][] = [];
  for (let row = r.top; row <= r.bottom; row++) {
    const cells: string[] = [];
    for (let col = r.left; col <= r.right; col++) {
      const v = g.value(row, col);
      cells.push(v === MISSING ? '' : g.types[col]!.format(v, g.columns[col]!));
    }
    rows.push(cells);
  }
  return toTsv(rows);
}

/**
 * Pastes TSV at the selection. A single value pasted over a larger selection fills it; a block is pasted from the
 * active corner, clipped to the grid. Invalid cells abort the whole paste with the first message (nothing saved).
 */
export async function pasteText(g: GridController, text: string): Promise<string | undefined> {
  const data = parseTsv(text.replace(/\r?\n$/, ''));
  if (!data.length) return undefined;
  const sel = g.range;
  const singleValue = data.length === 1 && data[0]!.length === 1;
  const height = singleValue ? sel.bottom - sel.top + 1 : data.length;
  const width = singleValue ? sel.right - sel.left + 1 : Math.max(...data.map((r) => r.length));
  const changes: CellChange[] = [];
  for (let i = 0; i < height; i++) {
    const row = sel.top + i;
    if (row >= g.rowCount) break;
    for (let j = 0; j < width; j++) {
      const col = sel.left + j;
      if (col >= g.columns.length) break;
      const type = g.types[col]!;
      if (!isPasteable(type)) continue;
      const cellText = singleValue ? data[0]![0]! : (data[i]?.[j] ?? '');
      const parsed = type.parse(cellText, g.columns[col]!);
      if (!parsed.ok) return `${g.columns[col]!.title}: ${parsed.message}`;
      changes.push({ row, col, value: parsed.value });
    }
  }
  g.select({
    anchor: { row: sel.top, col: sel.left },
    active: {
      row: Math.min(g.rowCount - 1, sel.top + height - 1),
      col: Math.min(g.columns.length - 1, sel.left + width - 1),
    },
  });
  return g.commitValues(changes, `Paste ${changes.length} cells`);
}

/** Read-only cells, and links and attachments (they are edited through pickers), are skipped by paste and fill. */
function isPasteable(type: CellType): boolean {
  if (type.editor === 'links' || type.editor === 'attachment') return false;
  return !!(type.editor || type.toggle);
}

/** Sets every editable cell of the range to empty. */
export function clearRange(g: GridController, r: Range): Promise<string | undefined> {
  const changes: CellChange[] = [];
  for (let row = r.top; row <= r.bottom; row++)
    for (let col = r.left; col <= r.right; col++) {
      const type = g.types[col]!;
      if (type.editor || type.toggle) changes.push({ row, col, value: type.toggle ? false : null });
    }
  return g.commitValues(changes, `Clear ${changes.length} cells`);
}

/**
 * The range a fill-handle drag covers: the source range extended down/up or right/left to the pointer,
 * along whichever axis the pointer moved further from the range.
 */
export function fillTarget(source: Range, row: number, col: number): Range {
  const dy = row > source.bottom ? row - source.bottom : row < source.top ? row - source.top : 0;
  const dx = col > source.right ? col - source.right : col < source.left ? col - source.left : 0;
  if (Math.abs(dy) >= Math.abs(dx)) {
    return dy >= 0 ? { ...source, bottom: source.bottom + dy } : { ...source, top: source.top + dy };
  }
  return dx >= 0 ? { ...source, right: source.right + dx } : { ...source, left: source.left + dx };
}

/** Repeats the source range's values over the target range (the source pattern tiles, as in spreadsheets). */
export function fillChanges(g: GridController, source: Range, target: Range): CellChange[] {
  const h = source.bottom - source.top + 1;
  const w = source.right - source.left + 1;
  const changes: CellChange[] = [];
  for (let row = target.top; row <= target.bottom; row++)
    for (let col = target.left; col <= target.right; col++) {
      if (row >= source.top && row <= source.bottom && col >= source.left && col <= source.right) continue;
      if (!isPasteable(g.types[col]!)) continue;
      const sr = source.top + mod(row - source.top, h);
      const sc = source.left + mod(col - source.left, w);
      const v = g.value(sr, sc);
      if (v !== MISSING && g.columns[sc]!.uidt === g.columns[col]!.uidt) changes.push({ row, col, value: v });
    }
  return changes;
}

const mod = (a: number, n: number) => ((a % n) + n) % n;
