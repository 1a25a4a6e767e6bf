/**
 * Date, date-time and time editor: type in the display format (YYYY/MM/DD HH:mm by default) or pick with the
 * browser's native picker beside it.
 */
import { useState } from 'react';
import { commitKeys, type EditorProps } from './editor-props';
import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT } from '../dates';
import { metaOf } from '../number-types';
import { useTranslation } from 'react-i18next';

export function DateEditor(p: EditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => p.initial ?? p.type.format(p.value, p.column));
  // The cell type says whether it holds a date, a date-time or a time (the same kinds its form input uses).
  const kind = p.type.form ?? 'date';
  const pickerType = kind === 'time' ? 'time' : kind === 'dateTime' ? 'datetime-local' : 'date';
  const dateFormat = metaOf(p.column, 'date_format', DEFAULT_DATE_FORMAT);
  const timeFormat = metaOf(p.column, 'time_format', DEFAULT_TIME_FORMAT);
  const placeholder =
    kind === 'time' ? timeFormat : kind === 'dateTime' ? `${dateFormat} ${timeFormat}` : dateFormat;
  return (
    <div className="flex h-full w-full items-center bg-white">
      <input
        autoFocus
        data-testid="cell-editor"
        className="h-full min-w-0 flex-1 px-2 text-[13px] outline-none"
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => commitKeys(e, (after) => p.commitText(text, after), p.cancel)}
      />
      <input
        type={pickerType}
        aria-label={t('grid.editor.pick')}
        data-testid="cell-date-picker"
        className="w-6 cursor-pointer opacity-60"
        onChange={(e) => e.target.value && p.commitText(e.target.value, 'stay')}
      />
    </div>
  );
}
