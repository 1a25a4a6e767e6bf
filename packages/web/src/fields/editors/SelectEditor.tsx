/** Single and multi select: a filterable list of the field's options with their colours. */
import { useMemo, useState } from 'react';
import type { EditorProps } from './editor-props';
import { optionColor, selectedTitles, selectOptions } from '../choice-types';
import { useTranslation } from 'react-i18next';

export function SelectEditor(p: EditorProps) {
  const { t } = useTranslation();
  const multi = p.type.editor === 'multiSelect';
  const [filter, setFilter] = useState(p.initial ?? '');
  const [picked, setPicked] = useState(() => selectedTitles(p.value));
  const [hover, setHover] = useState(0);
  const options = useMemo(
    () => selectOptions(p.column).filter((o) => o.title.toLowerCase().includes(filter.toLowerCase())),
    [p.column, filter],
  );
  const choose = (title: string) => {
    if (!multi) return p.commitValue(title, 'stay');
    setPicked((prev) => (prev.includes(title) ? prev.filter((t) => t !== title) : [...prev, title]));
  };
  const done = (after: 'down' | 'stay' = 'stay') =>
    multi ? p.commitValue(picked.length ? picked.join(',') : null, after) : p.cancel();
  return (
    <div
      data-testid="cell-editor"
      className="w-56 rounded border border-gray-200 bg-white text-[13px] shadow-lg"
      onMouseDown={(e) => e.preventDefault()}
    >
      <input
        autoFocus
        className="w-full border-b border-gray-100 px-2 py-1 outline-none"
        placeholder={t('grid.editor.searchOptions')}
        value={filter}
        onChange={(e) => {
          setFilter(e.target.value);
          setHover(0);
        }}
        onBlur={() => done()}
        onKeyDown={(e) => {
          // Escape closes the list; ticked options of a multi select are kept (closing is not undoing).
          if (e.key === 'Escape') done();
          else if (e.key === 'ArrowDown') setHover((h) => Math.min(options.length - 1, h + 1));
          else if (e.key === 'ArrowUp') setHover((h) => Math.max(0, h - 1));
          else if (e.key === 'Enter') {
            const option = options[hover];
            if (option && (!multi || filter)) choose(option.title);
            else done('down');
            if (multi) setFilter('');
          } else return;
          e.preventDefault();
        }}
      />
      <ul className="max-h-60 overflow-auto py-1">
        {!multi && (
          <li
            className="cursor-pointer px-2 py-1 text-gray-400 hover:bg-gray-50"
            onClick={() => p.commitValue(null, 'stay')}
          >
            Clear
          </li>
        )}
        {options.map((o, i) => (
          <li
            key={o.id ?? o.title}
            className={`flex cursor-pointer items-center gap-2 px-2 py-1 ${i === hover ? 'bg-indigo-50' : ''}`}
            onMouseEnter={() => setHover(i)}
            onClick={() => choose(o.title)}
          >
            {multi && <input type="checkbox" readOnly checked={picked.includes(o.title)} />}
            <span className="rounded-full px-2" style={{ background: optionColor(p.column, o.title) }}>
              {o.title}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
