/**
 * The text an Email or chat webhook sends: the hook's body template filled from the payload, or, without a
 * template, a readable summary of the write. See docs/webhooks.md "Messages".
 */
import { mailText } from '../mail/mail-text.js';
import type { HookPayload } from './hook-payload.js';

const MAX_ROWS_LISTED = 10;
const MAX_FIELDS_LISTED = 6;

/** The value at a dotted path; `rows.[0].Title`, `rows.0.Title` and `rows[0].Title` all work. */
function valueAt(root: unknown, path: string): unknown {
  const keys = path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .map((k) => k.trim())
    .filter(Boolean);
  let at: unknown = root;
  for (const k of keys) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[k];
  }
  return at;
}

const show = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * Fills `{{ path }}` placeholders from the payload (the payload's own keys: `type`, `data.table_name`,
 * `data.rows.[0].Title`, ...); an unknown path is left empty.
 * @example renderTemplate('New: {{ data.rows.[0].Title }}', payload) // 'New: Product 1'
 */
export function renderTemplate(template: string, payload: HookPayload): string {
  return template.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (_, path: string) => show(valueAt(payload, path)));
}

/** The summary line of each operation, in `mail-strings.ts` (a wording that fits any count). */
const SUMMARY: Record<string, 'hookAdded' | 'hookUpdated' | 'hookDeleted' | 'hookSent'> = {
  insert: 'hookAdded',
  update: 'hookUpdated',
  delete: 'hookDeleted',
  trigger: 'hookSent',
};

function rowLine(row: Record<string, unknown>, previous?: Record<string, unknown>): string {
  const parts = Object.entries(row)
    .slice(0, MAX_FIELDS_LISTED)
    .map(([k, v]) => {
      const before = previous?.[k];
      return previous && k in previous && show(before) !== show(v)
        ? `${k}: ${show(before)} → ${show(v)}`
        : `${k}: ${show(v)}`;
    });
  return `• ${parts.join(', ')}`;
}

/**
 * A readable summary of a delivery in a mail locale (docs/webhooks.md "Messages").
 * @example readableMessage(payload, 'en') // 'Products: records updated: 1\n• Id: 1, Status: todo → done'
 */
export function readableMessage(payload: HookPayload, locale = 'en'): { subject: string; text: string } {
  const operation = payload.type.split('.').pop() ?? '';
  const base = operation.replace(/^bulk/, '').toLowerCase();
  const rows = payload.data.rows;
  const n = rows.length;
  const vars = { table: payload.data.table_name, count: String(n) };
  const key = SUMMARY[base];
  const subject = key ? mailText(locale, key, vars) : `${vars.table}: ${base}: ${n}`;
  const lines = rows
    .slice(0, MAX_ROWS_LISTED)
    .map((r, i) => rowLine(r, base === 'update' ? payload.data.previous_rows?.[i] : undefined));
  if (n > MAX_ROWS_LISTED) lines.push(mailText(locale, 'hookMore', { count: String(n - MAX_ROWS_LISTED) }));
  return { subject, text: [subject, ...lines].join('\n') };
}

/** The message of a hook with an optional body template. */
export function messageText(template: string | undefined, payload: HookPayload, locale = 'en'): string {
  return template?.trim() ? renderTemplate(template, payload) : readableMessage(payload, locale).text;
}
