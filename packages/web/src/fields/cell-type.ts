/**
 * What the grid knows about a UI type: how a value reads as text (cells, clipboard, search), how typed or pasted
 * text becomes a value (validated with docs/behaviour/validation.md messages before saving), how the cell paints on the canvas, and
 * which DOM editor opens over it. One definition per UI type in `registry.ts`.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { cellMessage } from './cell-messages';
import type { TextCache } from './text-cache';

export type ParseResult = { ok: true; value: unknown } | { ok: false; message: string };

export const ok = (value: unknown): ParseResult => ({ ok: true, value });
export const fail = (message: string): ParseResult => ({ ok: false, message });

/** The overlays of fields/editors; null marks a read-only type. */
export type EditorKind =
  | 'text'
  | 'longText'
  | 'number'
  | 'date'
  | 'select'
  | 'multiSelect'
  | 'json'
  | 'attachment'
  | 'links'
  | 'user';

/**
 * The input a shared form shows for a type (views/form): numbers and ratings are entered as numbers, checkboxes
 * tick, selects pick, attachments upload files, the rest are text inputs of the matching HTML type.
 */
export type FormInputKind =
  | 'text'
  | 'longText'
  | 'json'
  | 'email'
  | 'url'
  | 'number'
  | 'rating'
  | 'checkbox'
  | 'select'
  | 'multiSelect'
  | 'date'
  | 'dateTime'
  | 'time'
  | 'attachment';

/** Display options a field form shows for a type (stored in the column's `meta` or `colOptions`). */
export type MetaOptionKind =
  'selectOptions' | 'precision' | 'currency' | 'dateFormat' | 'timeFormat' | 'duration' | 'rating';

/** Where and with what a cell paints. Coordinates are CSS pixels; the canvas is already scaled for DPR. */
export interface PaintContext {
  ctx: CanvasRenderingContext2D;
  x: number;
  y: number;
  w: number;
  h: number;
  text: TextCache;
  /** Asks for another frame (an image finished loading). */
  redraw(): void;
}

export interface CellType {
  /** Display text of a stored value ('' for empty). */
  format(value: unknown, column: ColumnMeta): string;
  /** Typed or pasted text to a value to save, or the validation message. */
  parse(text: string, column: ColumnMeta): ParseResult;
  /** Paints the cell; `display` is format()'s (cached) result. Defaults to left-aligned text. */
  paint?(p: PaintContext, value: unknown, display: string, column: ColumnMeta): void;
  /** The editor overlay, or null when the type is read-only in the grid. */
  editor: EditorKind | null;
  /** Click or Space toggles the value instead of opening an editor (checkbox). */
  toggle?(value: unknown): unknown;
  align?: 'left' | 'right';
  /** A key typed on the selected cell that sets a value at once instead of opening the editor (a rating's digit). */
  keyValue?(key: string): unknown;
  /**
   * A click on the already active cell, `x` pixels from its left edge, that sets a value at once (a rating's
   * star); undefined when the click sets nothing.
   */
  clickValue?(x: number, value: unknown, column: ColumnMeta): unknown;
  /** The address a plain click opens (a button's URL); other types open `href` only with Ctrl/Cmd. */
  clickOpens?(column: ColumnMeta): string | undefined;
  /** Ctrl/Cmd+click opens this address (links, emails, phones, URLs). */
  href?(value: unknown): string | undefined;
  /**
   * The id of another field whose value this cell shows (a QR code or barcode draws the field it encodes);
   * the grid reads that field's value when it is loaded.
   */
  valueFrom?(column: ColumnMeta): string | undefined;
  /** Why the cell cannot show its text as it should (a barcode the format cannot hold), in the UI language. */
  problem?(display: string, column: ColumnMeta): string | undefined;
  /** The input of a shared form; absent for types a visitor does not fill in (computed, system, users). */
  form?: FormInputKind;
  /** The display options the field form offers (fields/field-options.ts). */
  options?: readonly MetaOptionKind[];
}

/** A read-only type: pasting into it is refused with a message the user understands (in their language). */
export const readOnly = (message?: string): Pick<CellType, 'parse' | 'editor'> => ({
  parse: () => fail(message ?? cellMessage('readOnly')),
  editor: null,
});

export const asText = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
