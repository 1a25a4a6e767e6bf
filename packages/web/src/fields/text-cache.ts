/**
 * Text measurement for the canvas: every distinct (font, text) is measured once and every (text, width)
 * truncation computed once, so steady scrolling does no measuring at all. Bounded: cleared when it grows large.
 */
const LIMIT = 20_000;

export class TextCache {
  private widths = new Map<string, number>();
  private fitted = new Map<string, string>();
  private font = '';

  constructor(private ctx: CanvasRenderingContext2D) {}

  setFont(font: string): void {
    if (font === this.font) return;
    this.font = font;
    this.ctx.font = font;
  }

  width(text: string): number {
    const key = this.font + '\u0000' + text;
    let w = this.widths.get(key);
    if (w === undefined) {
      if (this.widths.size > LIMIT) this.widths.clear();
      w = this.ctx.measureText(text).width;
      this.widths.set(key, w);
    }
    return w;
  }

  /** The text cut with an ellipsis to fit `max` pixels (first line only). */
  fit(text: string, max: number): string {
    const nl = text.indexOf('\n');
    const line = nl >= 0 ? text.slice(0, nl) : text;
    if (line.length < 200 && this.width(line) <= max) return line;
    const key = `${this.font}\u0000${max | 0}\u0000${line.length > 500 ? line.slice(0, 500) : line}`;
    let out = this.fitted.get(key);
    if (out === undefined) {
      if (this.fitted.size > LIMIT) this.fitted.clear();
      out = truncate(line.slice(0, 500), max, (t) => this.ctx.measureText(t).width);
      this.fitted.set(key, out);
    }
    return out;
  }
}

function truncate(text: string, max: number, measure: (t: string) => number): string {
  if (measure(text) <= max) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (measure(text.slice(0, mid) + '…') <= max) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : text.slice(0, lo) + '…';
}
