/**
 * The SQL editor: CodeMirror 6 with the source's SQL dialect, highlighting, and completion of keywords,
 * the source's tables and their columns. Loaded lazily with the SQL page, so CodeMirror never weighs on
 * the grid. Mod-Enter runs the statement.
 */
import { acceptCompletion } from '@codemirror/autocomplete';
import { MySQL, PostgreSQL, SQLite, StandardSQL, sql, type SQLDialect } from '@codemirror/lang-sql';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import { keymap, placeholder as placeholderExt } from '@codemirror/view';
import { EditorView, basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

export interface SqlEditorProps {
  value: string;
  onChange: (value: string) => void;
  onRun: () => void;
  /** Table name -> column names, offered by autocomplete. */
  schema: Record<string, string[]>;
  dialect: string;
  placeholder: string;
}

const DIALECTS: Record<string, SQLDialect> = { pg: PostgreSQL, mysql: MySQL, sqlite: SQLite };

function language(dialect: string, schema: Record<string, string[]>) {
  return sql({ dialect: DIALECTS[dialect] ?? StandardSQL, schema, upperCaseKeywords: true });
}

export function SqlEditor({ value, onChange, onRun, schema, dialect, placeholder }: SqlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const lang = useRef(new Compartment());
  // The latest callbacks, read by extensions created once.
  const handlers = useRef({ onChange, onRun });
  handlers.current = { onChange, onRun };

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          lang.current.of(language(dialect, schema)),
          placeholderExt(placeholder),
          Prec.highest(
            keymap.of([
              { key: 'Mod-Enter', run: () => (handlers.current.onRun(), true) },
              { key: 'Tab', run: acceptCompletion },
            ]),
          ),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) handlers.current.onChange(u.state.doc.toString());
          }),
          EditorView.theme({
            '&': { minHeight: '160px', fontSize: '13px' },
            '.cm-scroller': { fontFamily: 'monospace' },
          }),
        ],
      }),
    });
    view.current = v;
    return () => v.destroy();
    // The editor is created once; value, schema and dialect changes are applied below.
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: lang.current.reconfigure(language(dialect, schema)) });
  }, [dialect, schema]);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) {
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={host} className="rounded border border-gray-300" data-testid="sql-editor" />;
}
