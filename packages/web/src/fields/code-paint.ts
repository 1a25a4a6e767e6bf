/**
 * QR code and barcode cells: the value of the field they reference drawn as a real QR code (uqr's encoder,
 * no network) or a barcode in the field's format on the canvas. Encodings are cached per (format, text), so
 * scrolling encodes nothing.
 */
import type { BarcodeFormat } from '@rowbase/core/fields/code-options';
import { encode } from 'uqr';
import { ENCODERS } from './barcodes/formats';
import type { PaintContext } from './cell-type';
import { COLORS, PAD, paintText } from './paint';

const LIMIT = 2_000;
const qrCache = new Map<string, boolean[][] | null>();
const barCache = new Map<string, number[] | null>();

function cached<T>(cache: Map<string, T | null>, text: string, make: () => T | undefined): T | undefined {
  let v = cache.get(text);
  if (v === undefined) {
    if (cache.size > LIMIT) cache.clear();
    try {
      v = make() ?? null;
    } catch {
      v = null; // too long for any QR version
    }
    cache.set(text, v);
  }
  return v ?? undefined;
}

/** The dark modules of a QR code for `text` (no quiet zone), or undefined when it cannot be encoded. */
export function qrModules(text: string): boolean[][] | undefined {
  return cached(qrCache, text, () => encode(text, { ecc: 'M', border: 0 }).data);
}

/** Bar and space widths of the barcode of `text` in `format`, or undefined when the format cannot hold it. */
export function barcodeWidths(format: BarcodeFormat, text: string): number[] | undefined {
  return cached(barCache, `${format}\u0000${text}`, () => ENCODERS[format](text));
}

/** Paints a QR code as large as the row allows, at the left of the cell. */
export function paintQr(p: PaintContext, text: string) {
  if (!text) return;
  const modules = qrModules(text);
  if (!modules) return paintText(p, text, 'left', COLORS.muted);
  const n = modules.length;
  const room = Math.max(0, Math.min(p.h - 6, p.w - PAD * 2));
  // Whole pixels per module where the row allows it: crisp edges scan better.
  const unit = room >= n ? Math.floor(room / n) : room / n;
  const side = unit * n;
  const x0 = Math.round(p.x + PAD);
  const y0 = Math.round(p.y + (p.h - side) / 2);
  const { ctx } = p;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(x0 - 1, y0 - 1, side + 2, side + 2);
  ctx.fillStyle = '#000000';
  for (let r = 0; r < n; r++) {
    const row = modules[r]!;
    // One rectangle per run of dark modules.
    let c = 0;
    while (c < n) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && row[c]) c++;
      ctx.fillRect(x0 + start * unit, y0 + r * unit, (c - start) * unit + 0.02, unit + 0.02);
    }
  }
}

/**
 * Paints a barcode filling the cell's width (up to 2 px per module), the text under it on tall rows; text the
 * format cannot hold is painted muted, with no bars.
 */
export function paintBarcode(p: PaintContext, text: string, format: BarcodeFormat) {
  if (!text) return;
  const widths = barcodeWidths(format, text);
  if (!widths) return paintText(p, text, 'left', COLORS.muted);
  const modules = widths.reduce((a, b) => a + b, 0);
  const unit = Math.min(2, (p.w - PAD * 2) / modules);
  const withText = p.h >= 56;
  const height = p.h - 8 - (withText ? 14 : 0);
  const { ctx } = p;
  ctx.fillStyle = '#000000';
  let x = p.x + PAD;
  widths.forEach((w, i) => {
    if (i % 2 === 0) ctx.fillRect(x, p.y + 4, w * unit, height);
    x += w * unit;
  });
  if (withText) paintText({ ...p, y: p.y + p.h - 18, h: 14 }, text, 'left', COLORS.text);
}
