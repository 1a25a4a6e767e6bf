/**
 * One field of the expanded record: its value as the grid shows it, and on click the grid's own editor for the
 * type (text, number, date, select list, attachments with upload, the record picker, JSON…); a checkbox toggles
 * and a rating sets its star directly, as in a cell. Read-only fields just show their value.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CellType } from '../../fields/cell-type';
import { isChecked } from '../../fields/choice-types';
import { EDITORS, POPUP_EDITORS } from '../../fields/editors';
import type { EditorServices } from '../../fields/editors/editor-props';
import { metaOf } from '../../fields/number-types';
import { typeLabel } from '../../fields/type-label';
import { FieldValue } from './FieldValue';

interface Props {
  column: ColumnMeta;
  type: CellType;
  value: unknown;
  rowId: unknown;
  editable: boolean;
  services: EditorServices;
  /** Saves a value; answers the message when the server refuses it. */
  save(value: unknown): Promise<string | undefined>;
  /** The record picker saved links itself: only the shown value changes. */
  linksChanged(value: unknown): void;
}

export function RecordField(p: Props) {
  const { t } = useTranslation();
  const [editing, setEditingState] = useState(false);
  // Cleared synchronously on close: an editor that commits on Enter also commits on the blur that follows.
  const open = useRef(false);
  const setEditing = (on: boolean) => {
    open.current = on;
    setEditingState(on);
  };
  const [error, setError] = useState<string>();
  const kind = p.type.editor;
  const Editor = kind ? EDITORS[kind] : undefined;
  const problem = p.type.problem?.(p.type.format(p.value, p.column), p.column);

  const saveValue = async (value: unknown) => {
    setEditing(false);
    setError(undefined);
    const message = await p.save(value);
    if (message) setError(message);
  };

  const commitText = (text: string) => {
    if (!open.current) return;
    if (text === p.type.format(p.value, p.column)) return setEditing(false);
    const parsed = p.type.parse(text, p.column);
    if (!parsed.ok) return setError(parsed.message);
    void saveValue(parsed.value);
  };

  const commitValue = (value: unknown) => {
    if (!open.current) return;
    if (kind === 'links') {
      setEditing(false);
      p.linksChanged(value);
    } else void saveValue(value);
  };

  const body = () => {
    if (p.type.toggle) {
      return (
        <input
          type="checkbox"
          data-testid="expanded-checkbox"
          className="h-4 w-4"
          disabled={!p.editable}
          checked={isChecked(p.value)}
          onChange={() => void saveValue(p.type.toggle!(p.value))}
        />
      );
    }
    if (p.type.options?.includes('rating')) return <Stars {...p} onPick={(n) => void saveValue(n)} />;
    if (editing && Editor && kind) {
      const popup = POPUP_EDITORS.has(kind);
      return (
        <div className={popup ? '' : 'h-8 rounded border border-indigo-500'}>
          <Editor
            column={p.column}
            type={p.type}
            value={p.value}
            rowId={p.rowId}
            services={p.services}
            commitText={commitText}
            commitValue={commitValue}
            cancel={() => {
              setEditing(false);
              setError(undefined);
            }}
          />
        </div>
      );
    }
    const canEdit = p.editable && !!Editor;
    return (
      <div
        role={canEdit ? 'button' : undefined}
        tabIndex={canEdit ? 0 : undefined}
        data-testid="expanded-value"
        className={`min-h-8 rounded border px-2 py-1 ${
          canEdit ? 'cursor-pointer border-gray-200 hover:border-indigo-400' : 'border-transparent'
        }`}
        onClick={() => canEdit && setEditing(true)}
        onKeyDown={(e) => canEdit && e.key === 'Enter' && setEditing(true)}
      >
        <FieldValue {...p} />
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-1" data-testid="expanded-field" data-title={p.column.title}>
      <span className="flex gap-2 text-xs text-gray-500">
        <span data-testid="expanded-field-title">{p.column.title}</span>
        <span className="text-gray-400" data-testid="expanded-field-type">
          {typeLabel(t, p.column.uidt)}
        </span>
      </span>
      {body()}
      {problem && (
        <span className="text-xs text-red-600" data-testid="field-problem">
          {problem}
        </span>
      )}
      {error && (
        <span className="text-xs text-red-600" data-testid="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** Stars up to the field's maximum; clicking the current star clears the rating. */
function Stars(p: Props & { onPick(n: number): void }) {
  const max = metaOf(p.column, 'max', 5);
  const color = metaOf(p.column, 'color', '#f59e0b');
  const current = Number(p.value) || 0;
  return (
    <span className="flex gap-1" data-testid="expanded-rating">
      {Array.from({ length: max }, (_, i) => (
        <button
          key={i}
          type="button"
          disabled={!p.editable}
          aria-label={String(i + 1)}
          className="text-lg leading-none"
          style={{ color: i < current ? color : '#d1d5db' }}
          onClick={() => p.onPick(i + 1 === current ? 0 : i + 1)}
        >
          ★
        </button>
      ))}
    </span>
  );
}
