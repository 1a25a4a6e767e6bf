/**
 * The formula language for CodeMirror 6: highlighting of field references `{Field}`, function names,
 * strings, numbers and operators; completion of field titles after `{` and of function names (with their
 * signature, description and example from core's function catalogue); and syntax errors from core's parser
 * placed where they are in the text.
 */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { HighlightStyle, StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import type { Diagnostic } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { FORMULA_FUNCTIONS } from '@rowbase/core/formula/functions/catalogue';
import { FormulaSyntaxError } from '@rowbase/core/formula/errors';
import { parseFormula } from '@rowbase/core/formula/parse';

interface State {
  inRef: boolean;
}

export const formulaLanguage = StreamLanguage.define<State>({
  name: 'rowbase-formula',
  startState: () => ({ inRef: false }),
  token(stream, state) {
    if (state.inRef) {
      if (stream.skipTo('}')) {
        stream.next();
        state.inRef = false;
      } else stream.skipToEnd();
      return 'variableName';
    }
    if (stream.eatSpace()) return null;
    const ch = stream.peek();
    if (ch === '{') {
      stream.next();
      state.inRef = true;
      if (stream.skipTo('}')) {
        stream.next();
        state.inRef = false;
      } else stream.skipToEnd();
      return 'variableName';
    }
    if (ch === '"' || ch === "'") {
      stream.next();
      let escaped = false;
      for (let c = stream.next(); c !== undefined; c = stream.next()) {
        if (c === ch && !escaped) break;
        escaped = !escaped && c === '\\';
      }
      return 'string';
    }
    if (stream.match(/^\d+(\.\d+)?([eE][-+]?\d+)?/)) return 'number';
    if (stream.match(/^[A-Za-z_][A-Za-z0-9_]*(?=\s*\()/)) return 'keyword';
    if (stream.match(/^(true|false|null)\b/i)) return 'atom';
    if (stream.match(/^[A-Za-z_][A-Za-z0-9_]*/)) return 'invalid';
    stream.next();
    return 'operator';
  },
  tokenTable: { invalid: tags.invalid },
});

export const formulaHighlight = syntaxHighlighting(
  HighlightStyle.define([
    { tag: tags.variableName, color: '#7c3aed', fontWeight: '600' },
    { tag: tags.keyword, color: '#2563eb', fontWeight: '600' },
    { tag: tags.string, color: '#15803d' },
    { tag: tags.number, color: '#b45309' },
    { tag: tags.atom, color: '#b45309' },
    { tag: tags.operator, color: '#6b7280' },
    { tag: tags.invalid, color: '#dc2626' },
  ]),
);

/** One catalogue entry as the editor lists and completes it. */
export interface FunctionHelp {
  name: string;
  syntax: string;
  description: string;
  example: string;
}

export const FUNCTION_HELP: readonly FunctionHelp[] = [...FORMULA_FUNCTIONS.values()]
  .map(({ name, syntax, description, example }) => ({ name, syntax, description, example }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** Completions: field titles inside `{…}`, function names elsewhere. */
export function formulaCompletions(fieldTitles: () => readonly string[]) {
  return (context: CompletionContext): CompletionResult | null => {
    const ref = context.matchBefore(/\{[^{}]*/);
    if (ref) {
      // The reference is closed and the cursor put after it, whether or not a `}` was already there.
      const options: Completion[] = fieldTitles().map((title) => ({
        label: title,
        type: 'variable',
        apply: (view, _completion, from, to) => {
          const closed = view.state.sliceDoc(to, to + 1) === '}';
          view.dispatch({
            changes: { from, to: closed ? to + 1 : to, insert: `${title}}` },
            selection: { anchor: from + title.length + 1 },
          });
        },
      }));
      return { from: ref.from + 1, options, validFor: /^[^{}]*$/ };
    }
    const word = context.matchBefore(/[A-Za-z_][A-Za-z0-9_]*/);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    return {
      from: word.from,
      options: FUNCTION_HELP.map((f) => ({
        label: f.name,
        type: 'function',
        detail: f.syntax,
        info: `${f.description}\n${f.example}`,
        apply: `${f.name}(`,
      })),
      validFor: /^[A-Za-z0-9_]*$/,
    };
  };
}

/** A syntax error of the text as typed, at its place (the whole text when the parser gives no position). */
export function syntaxDiagnostics(view: EditorView): Diagnostic[] {
  const text = view.state.doc.toString();
  if (!text.trim()) return [];
  try {
    parseFormula(text);
    return [];
  } catch (err) {
    if (!(err instanceof FormulaSyntaxError)) return [];
    const at = Math.min(err.issue.position ?? 0, text.length);
    const from = at >= text.length ? Math.max(0, text.length - 1) : at;
    return [
      {
        from,
        to: Math.max(from + 1, Math.min(text.length, at + 1)),
        severity: 'error',
        message: err.message,
      },
    ];
  }
}
