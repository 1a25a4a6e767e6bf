/** Canvas painters shared by the cell types: text, links, checkbox, rating, coloured tags, chips, thumbnails. */
import type { PaintContext } from './cell-type';

export const PAD = 8;
export const FONT = '13px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
export const COLORS = {
  text: '#1f2937',
  muted: '#6b7280',
  link: '#2563eb',
  border: '#e5e7eb',
  accent: '#4351E8',
  star: '#f59e0b',
};

/** The 10 light tag colours (docs/behaviour/limits.md palette size), used when an option has no colour of its own. */
export const TAG_COLORS = [
  '#cfdffe',
  '#d0f1fd',
  '#c2f5e9',
  '#ffdaf6',
  '#ffdce5',
  '#fee2d5',
  '#ffeab6',
  '#d1f7c4',
  '#ede2fe',
  '#eeeeee',
];

export function paintText(
  p: PaintContext,
  display: string,
  align: 'left' | 'right' = 'left',
  color = COLORS.text,
) {
  if (!display) return;
  const { ctx } = p;
  const fitted = p.text.fit(display, p.w - PAD * 2);
  ctx.fillStyle = color;
  const y = p.y + p.h / 2;
  if (align === 'right') {
    ctx.textAlign = 'right';
    ctx.fillText(fitted, p.x + p.w - PAD, y);
    ctx.textAlign = 'left';
  } else ctx.fillText(fitted, p.x + PAD, y);
}

export function paintLink(p: PaintContext, display: string) {
  if (!display) return;
  paintText(p, display, 'left', COLORS.link);
  const w = Math.min(p.text.width(p.text.fit(display, p.w - PAD * 2)), p.w - PAD * 2);
  p.ctx.fillStyle = COLORS.link;
  p.ctx.fillRect(p.x + PAD, p.y + p.h / 2 + 7, w, 1);
}

export function paintCheckbox(p: PaintContext, checked: boolean) {
  const { ctx } = p;
  const s = 14;
  const x = p.x + (p.w - s) / 2;
  const y = p.y + (p.h - s) / 2;
  ctx.strokeStyle = checked ? COLORS.accent : '#9ca3af';
  ctx.fillStyle = checked ? COLORS.accent : '#ffffff';
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.roundRect(x + 0.5, y + 0.5, s - 1, s - 1, 3);
  ctx.fill();
  ctx.stroke();
  if (!checked) return;
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x + 3, y + 7);
  ctx.lineTo(x + 6, y + 10);
  ctx.lineTo(x + 11, y + 4);
  ctx.stroke();
  ctx.lineWidth = 1;
}

export function paintRating(p: PaintContext, value: number, max: number, color = COLORS.star) {
  const { ctx } = p;
  const size = 14;
  let x = p.x + PAD;
  const cy = p.y + p.h / 2;
  for (let i = 1; i <= max && x + size <= p.x + p.w; i++, x += size + 3) {
    ctx.fillStyle = i <= value ? color : '#e5e7eb';
    star(ctx, x + size / 2, cy, size / 2);
  }
}

function star(ctx: CanvasRenderingContext2D, cx: number, cy: number, r: number) {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 ? r * 0.45 : r;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    ctx.lineTo(cx + radius * Math.cos(a), cy + radius * Math.sin(a));
  }
  ctx.closePath();
  ctx.fill();
}

/** Rounded pills left to right, as many as fit; `colorOf` picks each pill's background. */
export function paintTags(
  p: PaintContext,
  labels: readonly string[],
  colorOf: (label: string, i: number) => string,
) {
  const { ctx } = p;
  let x = p.x + PAD;
  const h = 20;
  const y = p.y + (p.h - h) / 2;
  const right = p.x + p.w - PAD;
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i]!;
    if (x >= right - 16) break;
    const text = p.text.fit(label, right - x - 16);
    const w = p.text.width(text) + 16;
    ctx.fillStyle = colorOf(label, i);
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, 10);
    ctx.fill();
    ctx.fillStyle = COLORS.text;
    ctx.fillText(text, x + 8, p.y + p.h / 2);
    x += w + 4;
  }
}

/** Square pills (links, users, attachments without images). */
export function paintChips(p: PaintContext, labels: readonly string[]) {
  paintTags(p, labels, () => '#eef2ff');
}

const images = new Map<string, HTMLImageElement | 'loading' | 'failed'>();

/** Thumbnails of image attachments, loaded once per URL; other files paint as chips with their names. */
export function paintThumbnails(
  p: PaintContext,
  items: readonly { url: string; title: string; isImage: boolean }[],
) {
  const size = p.h - 8;
  let x = p.x + PAD;
  const labels: string[] = [];
  for (const item of items) {
    if (!item.isImage) {
      labels.push(item.title);
      continue;
    }
    if (x + size > p.x + p.w - PAD) break;
    const img = images.get(item.url);
    if (img === undefined) {
      images.set(item.url, 'loading');
      const el = new Image();
      el.onload = () => {
        images.set(item.url, el);
        p.redraw();
      };
      el.onerror = () => images.set(item.url, 'failed');
      el.src = item.url;
    } else if (typeof img === 'object') p.ctx.drawImage(img, x, p.y + 4, size, size);
    else {
      p.ctx.fillStyle = '#f3f4f6';
      p.ctx.fillRect(x, p.y + 4, size, size);
    }
    x += size + 4;
  }
  if (labels.length) paintChips({ ...p, x: x - PAD, w: p.x + p.w - x + PAD }, labels);
}

export function paintButton(p: PaintContext, label: string, color = COLORS.accent) {
  const { ctx } = p;
  const w = Math.min(p.w - PAD * 2, p.text.width(label) + 20);
  const h = 22;
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.roundRect(p.x + PAD, p.y + (p.h - h) / 2, w, h, 4);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.fillText(p.text.fit(label, w - 20), p.x + PAD + 10, p.y + p.h / 2);
}
