/**
 * Computed and relational cell types: links (with a record picker), lookup and rollup (read-only), formula by
 * its result, button, users, attachments with thumbnails, and JSON (QR codes and barcodes: code-types.ts).
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { cellMessage } from './cell-messages';
import { asText, type CellType, fail, ok, readOnly } from './cell-type';
import { metaOf } from './number-types';
import { paintButton, paintChips, paintText, paintThumbnails } from './paint';

/** A display label for a linked record, lookup item or user. */
export function labelOf(item: unknown): string {
  if (item === null || item === undefined) return '';
  if (typeof item !== 'object') return String(item);
  const o = item as Record<string, unknown>;
  const preferred = o.display_name ?? o.title ?? o.Title ?? o.email ?? o.name;
  if (preferred !== undefined && preferred !== null) return String(preferred);
  const firstText = Object.entries(o).find(([k, v]) => k !== 'Id' && k !== 'id' && typeof v === 'string');
  return firstText ? String(firstText[1]) : String(o.Id ?? o.id ?? '');
}

const listOf = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : [v];

/** Links hold a count (v2 list replies) or the linked records; the picker edits them. */
export const links: CellType = {
  format: (v) => {
    if (typeof v === 'number' || typeof v === 'string')
      return Number(v) ? `${v} ${Number(v) === 1 ? 'record' : 'records'}` : '';
    return listOf(v).map(labelOf).join(', ');
  },
  parse: () => fail(cellMessage('useRecordPicker')),
  paint: (p, v, display) =>
    typeof v === 'number' || typeof v === 'string'
      ? paintText(p, display)
      : paintChips(p, listOf(v).map(labelOf)),
  editor: 'links',
};

export const lookup: CellType = {
  format: (v) => listOf(v).map(labelOf).join(', '),
  paint: (p, v) => paintChips(p, listOf(v).map(labelOf)),
  ...readOnly(),
};

export const rollup: CellType = { format: asText, ...readOnly(), align: 'right' };

/** A formula shows its result: numbers right-aligned, everything else as text. */
export const formula: CellType = {
  format: asText,
  paint: (p, v, display) => paintText(p, display, typeof v === 'number' ? 'right' : 'left'),
  ...readOnly(),
};

/** Button cells run their action (open a URL) on click; the label comes from meta.label. */
export const button: CellType = {
  format: (_v, c) => metaOf(c, 'label', 'Click'),
  paint: (p, _v, display, c: ColumnMeta) => paintButton(p, display, metaOf(c, 'color', '#4351E8')),
  ...readOnly(),
  href: (v) => (typeof v === 'string' && /^https?:\/\//.test(v) ? v : undefined),
  clickOpens: (c) => button.href!(metaOf(c, 'url', '')),
};

export const user: CellType = {
  format: (v) => listOf(v).map(labelOf).join(', '),
  parse: (t) => {
    const emails = t
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return ok(emails.length ? emails.join(',') : null);
  },
  paint: (p, v) => paintChips(p, listOf(v).map(labelOf)),
  editor: 'user',
};

interface AttachmentItem {
  url?: string;
  path?: string;
  title?: string;
  mimetype?: string;
  signedUrl?: string;
  thumbnails?: { tiny?: { signedUrl?: string } };
}

export function attachmentsOf(v: unknown): AttachmentItem[] {
  if (typeof v === 'string') {
    try {
      return listOf(JSON.parse(v)) as AttachmentItem[];
    } catch {
      return [];
    }
  }
  return listOf(v) as AttachmentItem[];
}

export const attachmentUrl = (a: AttachmentItem) =>
  a.thumbnails?.tiny?.signedUrl ?? a.signedUrl ?? a.url ?? (a.path ? `/${a.path.replace(/^\//, '')}` : '');

export const attachment: CellType = {
  format: (v) =>
    attachmentsOf(v)
      .map((a) => a.title ?? '')
      .join(', '),
  parse: () => fail(cellMessage('useAttachmentEditor')),
  paint: (p, v) =>
    paintThumbnails(
      p,
      attachmentsOf(v).map((a) => ({
        url: attachmentUrl(a),
        title: a.title ?? 'file',
        isImage: (a.mimetype ?? '').startsWith('image/'),
      })),
    ),
  editor: 'attachment',
  form: 'attachment',
};

export const json: CellType = {
  format: (v) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v)),
  parse: (t) => {
    if (!t.trim()) return ok(null);
    try {
      return ok(JSON.parse(t));
    } catch {
      return fail(cellMessage('json'));
    }
  },
  editor: 'json',
  form: 'json',
};
