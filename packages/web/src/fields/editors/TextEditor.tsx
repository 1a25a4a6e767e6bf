/** Text input editors: single line (text, numbers, links, durations, users) and multi-line (long text, JSON). */
import { useState } from 'react';
import { commitKeys, type EditorProps } from './editor-props';

function initialText(p: EditorProps, pretty = false): string {
  if (p.initial !== undefined) return p.initial;
  if (pretty && p.value !== null && typeof p.value === 'object') return JSON.stringify(p.value, null, 2);
  return p.type.format(p.value, p.column);
}

export function TextEditor(p: EditorProps) {
  const [text, setText] = useState(() => initialText(p));
  return (
    <input
      autoFocus
      data-testid="cell-editor"
      className="h-full w-full bg-white px-2 text-[13px] outline-none"
      value={text}
      onFocus={(e) =>
        e.currentTarget.setSelectionRange(e.currentTarget.value.length, e.currentTarget.value.length)
      }
      inputMode={p.type.align === 'right' ? 'decimal' : undefined}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => commitKeys(e, (after) => p.commitText(text, after), p.cancel)}
      onBlur={() => p.commitText(text, 'stay')}
    />
  );
}

/** Long text and JSON expand into a larger box; Enter saves, Shift+Enter adds a line. */
export function LongTextEditor(p: EditorProps) {
  const [text, setText] = useState(() => initialText(p, p.type.editor === 'json'));
  return (
    <textarea
      autoFocus
      data-testid="cell-editor"
      className="h-48 w-80 resize rounded border border-indigo-500 bg-white p-2 font-[inherit] text-[13px] shadow-lg outline-none"
      value={text}
      onFocus={(e) =>
        e.currentTarget.setSelectionRange(e.currentTarget.value.length, e.currentTarget.value.length)
      }
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => commitKeys(e, (after) => p.commitText(text, after), p.cancel, true)}
      onBlur={() => p.commitText(text, 'stay')}
    />
  );
}
