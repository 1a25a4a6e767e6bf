/** Date, date-time, time and the read-only created/modified times, shown in the display formats of docs/behaviour/limits.md. */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { cellMessage } from './cell-messages';
import { asText, type CellType, fail, ok, readOnly } from './cell-type';
import {
  DEFAULT_DATE_FORMAT,
  DEFAULT_TIME_FORMAT,
  formatParts,
  localParts,
  parseParts,
  toDateString,
  toUtcIso,
} from './dates';
import { metaOf } from './number-types';

const dateFormat = (c: ColumnMeta) => metaOf(c, 'date_format', DEFAULT_DATE_FORMAT);
const timeFormat = (c: ColumnMeta) => metaOf(c, 'time_format', DEFAULT_TIME_FORMAT);

export const date: CellType = {
  format: (v, c) => {
    if (typeof v !== 'string' || !v) return asText(v);
    const p = parseParts(v.slice(0, 10), 'YYYY-MM-DD');
    return p ? formatParts(p, dateFormat(c)) : v;
  },
  parse: (t, c) => {
    if (!t.trim()) return ok(null);
    const p = parseParts(t, dateFormat(c));
    return p ? ok(toDateString(p)) : fail(cellMessage('date', { format: dateFormat(c) }));
  },
  editor: 'date',
  form: 'date',
  options: ['dateFormat'],
};

export const dateTime: CellType = {
  format: (v, c) => {
    if (v === null || v === undefined || v === '') return '';
    const p = localParts(v as string);
    return p ? formatParts(p, `${dateFormat(c)} ${timeFormat(c)}`) : asText(v);
  },
  parse: (t, c) => {
    if (!t.trim()) return ok(null);
    const p = parseParts(t, `${dateFormat(c)} ${timeFormat(c)}`) ?? parseParts(t, dateFormat(c));
    return p ? ok(toUtcIso(p)) : fail(cellMessage('date', { format: `${dateFormat(c)} ${timeFormat(c)}` }));
  },
  editor: 'date',
  form: 'dateTime',
  options: ['dateFormat', 'timeFormat'],
};

export const time: CellType = {
  format: (v, c) => {
    if (typeof v !== 'string' || !v) return asText(v);
    const p = parseParts(v.length > 8 ? v : `1970-01-01 ${v}`, 'YYYY-MM-DD HH:mm:ss');
    return p ? formatParts(p, timeFormat(c)) : v;
  },
  parse: (t, c) => {
    if (!t.trim()) return ok(null);
    const p = parseParts(t, timeFormat(c)) ?? parseParts(t, 'HH:mm:ss') ?? parseParts(t, 'HH:mm');
    if (!p) return fail(cellMessage('time', { format: timeFormat(c) }));
    const pad = (n: number) => String(n).padStart(2, '0');
    return ok(`${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`);
  },
  editor: 'date',
  form: 'time',
  options: ['timeFormat'],
};

export const systemTime: CellType = { format: dateTime.format, ...readOnly() };
