/**
 * The formula editor of the field form: CodeMirror 6 with the formula language (highlighting, `{` completes
 * field titles, function names complete with their signature), syntax errors marked where they are while
 * typing, the function list with signatures and examples, and a live preview: the draft compiled by the
 * server against the table, its result type and its values on the first rows.
 */
import { autocompletion, closeBrackets, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { linter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import type { ColumnMeta, TableMeta } from '@rowbase/core/api/meta';
import { FormulaSyntaxError } from '@rowbase/core/formula/errors';
import { parseFormula } from '@rowbase/core/formula/parse';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickableFields } from '../../fields/pickable';
import {
  FUNCTION_HELP,
  formulaCompletions,
  formulaHighlight,
  formulaLanguage,
  syntaxDiagnostics,
  type FunctionHelp,
} from './formula-language';
import { fetchPreview, type Preview } from './formula-preview';

interface Props {
  table: TableMeta;
  /** The formula field being edited (left out of its own references). */
  editing?: ColumnMeta;
  value: string;
  onChange(value: string): void;
}

const PREVIEW_DELAY_MS = 350;

function syntaxError(text: string): string | undefined {
  if (!text.trim()) return undefined;
  try {
    parseFormula(text);
    return undefined;
  } catch (err) {
    return err instanceof FormulaSyntaxError ? err.message : undefined;
  }
}

const shown = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

export function FormulaEditor({ table, editing, value, onChange }: Props) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(null);
  const titles = useRef<string[]>([]);
  titles.current = pickableFields(table.columns)
    .filter((c) => c.id !== editing?.id)
    .map((c) => c.title);
  const change = useRef(onChange);
  change.current = onChange;
  const [text, setText] = useState(value);
  const [preview, setPreview] = useState<Preview>({ state: 'empty' });
  const [help, setHelp] = useState<FunctionHelp>();

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          closeBrackets(),
          keymap.of([...completionKeymap, ...defaultKeymap, ...historyKeymap]),
          formulaLanguage,
          formulaHighlight,
          autocompletion({ override: [formulaCompletions(() => titles.current)], icons: false }),
          linter(syntaxDiagnostics, { delay: 200 }),
          placeholder(t('grid.field.formula')),
          EditorView.lineWrapping,
          EditorView.updateListener.of((u) => {
            if (!u.docChanged) return;
            const next = u.state.doc.toString();
            setText(next);
            change.current(next);
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // The editor is created once; later values come from its own edits.
  }, []);

  const localError = useMemo(() => syntaxError(text), [text]);
  useEffect(() => {
    if (localError) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      void fetchPreview(table.id, text, editing?.id, abort.signal).then((p) => {
        if (!abort.signal.aborted) setPreview(p);
      });
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [text, localError, table.id, editing?.id]);

  const insert = (f: FunctionHelp) => {
    const v = view.current;
    if (!v) return;
    const { from, to } = v.state.selection.main;
    v.dispatch({
      changes: { from, to, insert: `${f.name}(` },
      selection: { anchor: from + f.name.length + 1 },
    });
    v.focus();
  };

  const error = localError ?? (preview.state === 'error' ? preview.message : undefined);
  return (
    <div className="flex flex-col gap-2" data-testid="formula-editor">
      <div
        ref={host}
        className="rounded border border-gray-300 font-mono text-[13px] [&_.cm-editor]:min-h-16 [&_.cm-focused]:outline-none"
        data-testid="formula-input"
      />
      {error ? (
        <p className="text-xs text-red-600" data-testid="formula-error">
          {error}
        </p>
      ) : (
        preview.state === 'ok' && (
          <div className="rounded bg-gray-50 p-2 text-xs" data-testid="formula-preview">
            <div className="mb-1 text-gray-500">
              {t('grid.formula.previewOf', {
                type: t(`grid.formula.type.${preview.type}`, { defaultValue: preview.type }),
              })}
            </div>
            {preview.rows.map((r) => (
              <div key={String(r.id)} className="flex gap-2" data-testid="formula-preview-row">
                <span className="w-10 text-gray-400">#{shown(r.id)}</span>
                <span className="font-mono">{shown(r.value)}</span>
              </div>
            ))}
          </div>
        )
      )}
      <div className="flex gap-2 text-xs">
        <ul className="m-0 max-h-40 w-40 list-none overflow-auto p-0" data-testid="formula-functions">
          {FUNCTION_HELP.map((f) => (
            <li key={f.name}>
              <button
                type="button"
                className={`w-full cursor-pointer truncate border-0 bg-transparent px-1 py-0.5 text-left font-mono hover:bg-blue-50 ${help?.name === f.name ? 'bg-blue-50' : ''}`}
                onMouseEnter={() => setHelp(f)}
                onFocus={() => setHelp(f)}
                onClick={() => insert(f)}
              >
                {f.name}
              </button>
            </li>
          ))}
        </ul>
        <div className="flex-1 text-gray-600" data-testid="formula-function-help">
          {help && (
            <>
              <div className="font-mono font-semibold">{help.syntax}</div>
              <div>{help.description}</div>
              <div className="mt-1 font-mono text-gray-500">
                {t('grid.formula.example')}: {help.example}
              </div>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
