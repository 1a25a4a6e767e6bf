/**
 * The page editor (docs/documentation-bases.md): TipTap over the page's Yjs document, with collaborators'
 * cursors, Markdown shortcuts (TipTap input rules: `# `, `- `, `1. `, `[ ] `, `> `, `---`, ``` ``` ```) and the
 * slash menu.
 */
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAsk } from './AskModal';
import { docExtensions } from './doc-extensions';
import './docs.css';
import { docsApi } from './docs-api';
import type { DocSync } from './doc-sync';
import { SLASH_ITEMS, slashQueryAt, type SlashContext } from './slash-items';

const COLORS = ['#4351E8', '#E8437A', '#12A150', '#E87A12', '#8A43E8', '#1296E8'];

interface Slash {
  query: string;
  from: number;
  to: number;
  left: number;
  top: number;
  index: number;
}

export function DocEditor({
  sync,
  editable,
  userName,
  pages,
  pageHref,
}: {
  sync: DocSync;
  editable: boolean;
  userName: string;
  pages: { id: string; title: string }[];
  pageHref(pageId: string): string;
}) {
  const { t } = useTranslation();
  const [slash, setSlash] = useState<Slash | null>(null);
  const slashRef = useRef<Slash | null>(null);
  slashRef.current = slash;
  const fileInput = useRef<HTMLInputElement>(null);
  const filePick = useRef<((f: File | null) => void) | null>(null);
  const [ask, askModal] = useAsk();
  const ctxRef = useRef<SlashContext>(null as never);
  ctxRef.current = {
    pages,
    pageHref,
    t,
    ask,
    pickFile: (accept) =>
      new Promise((resolve) => {
        const input = fileInput.current!;
        input.accept = accept;
        input.value = '';
        filePick.current = (f) => (f ? docsApi.upload(f).then(resolve, () => resolve(null)) : resolve(null));
        input.click();
      }),
  };

  const items = (q: string) => SLASH_ITEMS.filter((i) => matches(t(`docs.block.${i.key}`), i.key, q));

  const editor = useEditor(
    {
      extensions: [
        ...docExtensions(true),
        Collaboration.configure({ document: sync.doc }),
        CollaborationCaret.configure({
          provider: sync,
          user: { name: userName, color: COLORS[sync.doc.clientID % COLORS.length] },
        }),
      ],
      editable,
      editorProps: {
        attributes: { class: 'rb-doc-content', 'data-testid': 'doc-editor' },
        handleKeyDown: (_view, event) => {
          const s = slashRef.current;
          if (!s) return false;
          const list = items(s.query);
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setSlash({ ...s, index: (s.index + step + list.length) % Math.max(1, list.length) });
            return true;
          }
          if (event.key === 'Enter' && list.length) {
            choose(list[s.index % list.length]!.key);
            return true;
          }
          if (event.key === 'Escape') {
            setSlash(null);
            return true;
          }
          return false;
        },
      },
      onUpdate: ({ editor }) => track(editor),
      onSelectionUpdate: ({ editor }) => track(editor),
    },
    [sync],
  );

  useEffect(() => {
    editor?.setEditable(editable);
  }, [editor, editable]);

  function track(e: NonNullable<typeof editor>) {
    const at = slashQueryAt(e);
    if (!at || !e.isEditable) return setSlash(null);
    const coords = e.view.coordsAtPos(at.from);
    const prev = slashRef.current;
    setSlash({
      ...at,
      left: coords.left,
      top: coords.bottom + 4,
      index: prev?.query === at.query ? prev.index : 0,
    });
  }

  function choose(key: string) {
    const s = slashRef.current;
    const item = SLASH_ITEMS.find((i) => i.key === key);
    if (!editor || !s || !item) return;
    setSlash(null);
    editor.chain().focus().deleteRange({ from: s.from, to: s.to }).run();
    void item.run(editor, ctxRef.current);
  }

  const list = slash ? items(slash.query) : [];
  return (
    <div className="relative">
      <EditorContent editor={editor} />
      {askModal}
      <input
        ref={fileInput}
        type="file"
        hidden
        data-testid="doc-file-input"
        onChange={(e) => filePick.current?.(e.target.files?.[0] ?? null)}
      />
      {slash && list.length > 0 && (
        <ul
          role="listbox"
          data-testid="doc-slash-menu"
          className="fixed z-50 max-h-72 w-60 overflow-auto rounded border border-gray-200 bg-white py-1 shadow-lg"
          style={{ left: slash.left, top: slash.top }}
        >
          {list.map((item, i) => (
            <li
              key={item.key}
              role="option"
              aria-selected={i === slash.index % list.length}
              data-testid={`doc-slash-${item.key}`}
              className={`cursor-pointer px-3 py-1 text-sm ${i === slash.index % list.length ? 'bg-indigo-50 text-indigo-700' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(item.key);
              }}
            >
              {t(`docs.block.${item.key}`)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function matches(label: string, key: string, q: string): boolean {
  const query = q.toLowerCase();
  return !query || label.toLowerCase().includes(query) || key.toLowerCase().includes(query);
}
