/**
 * A comment box with @mention completion: typing `@` and part of a name or e-mail lists matching base members;
 * ↑/↓ choose, Enter or Tab (or a click) inserts the member. Enter without the list open submits, Shift+Enter
 * starts a new line.
 */
import { Input } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useLayoutEffect, useRef, useState } from 'react';
import { insertMention, matchingMembers, mentionAt, type Member } from './mentions';

interface Props {
  value: string;
  onChange(text: string): void;
  onSubmit(): void;
  members: readonly Member[];
  placeholder?: string;
  testId?: string;
}

export function MentionInput({ value, onChange, onSubmit, members, placeholder, testId }: Props) {
  const ref = useRef<TextAreaRef>(null);
  const [caret, setCaret] = useState(0);
  const [hover, setHover] = useState(0);
  const typing = mentionAt(value, caret);
  const matches = typing ? matchingMembers(members, typing.query) : [];

  const pick = (member: Member) => {
    if (!typing) return;
    const next = insertMention(value, typing, member);
    onChange(next.text);
    setCaret(next.caret);
    placeCaret.current = next.caret;
  };

  // The caret goes after the inserted member in the same commit as the new text, before the next key arrives.
  const placeCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current?.resizableTextArea?.textArea;
    if (placeCaret.current === null || !el) return;
    el.focus();
    el.setSelectionRange(placeCaret.current, placeCaret.current);
    placeCaret.current = null;
  });

  return (
    <div className="relative flex-1">
      <Input.TextArea
        ref={ref}
        data-testid={testId}
        autoSize={{ minRows: 1, maxRows: 6 }}
        value={value}
        placeholder={placeholder}
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart);
          setHover(0);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={(e) => {
          if (matches.length) {
            if (e.key === 'ArrowDown') setHover((h) => Math.min(matches.length - 1, h + 1));
            else if (e.key === 'ArrowUp') setHover((h) => Math.max(0, h - 1));
            else if (e.key === 'Enter' || e.key === 'Tab') pick(matches[hover] ?? matches[0]!);
            else return;
            e.preventDefault();
          } else if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            onSubmit();
          }
        }}
      />
      {matches.length > 0 && (
        <ul
          data-testid="mention-list"
          className="absolute bottom-full left-0 z-20 mb-1 w-72 rounded border border-gray-200 bg-white py-1 text-[13px] shadow-lg"
          onMouseDown={(e) => e.preventDefault()}
        >
          {matches.map((m, i) => (
            <li
              key={m.id}
              className={`cursor-pointer px-2 py-1 ${i === hover ? 'bg-indigo-50' : ''}`}
              onMouseEnter={() => setHover(i)}
              onClick={() => pick(m)}
            >
              <span className="font-medium">{m.display_name || m.email}</span>{' '}
              {m.display_name && <span className="text-gray-500">{m.email}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
