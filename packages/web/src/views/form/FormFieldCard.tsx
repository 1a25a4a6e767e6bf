/**
 * One field of the form builder: dragged by its handle to reorder; its input shows what a visitor sees and
 * sets the field's default value; selected, it edits its label, help text and required mark, or hides it.
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { Button, Input, Switch } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput } from './FieldInput';
import type { FormColumn, FormColumnPatch } from './form-builder-api';
import { formFields, type SharedColumn } from './form-fields';
import type { FormValue } from './form-validation';

interface Props {
  vc: FormColumn;
  column: ColumnMeta;
  selected: boolean;
  /** Whether the person may change the form (the card is only shown otherwise). */
  canEdit: boolean;
  onSelect(): void;
  onChange(body: FormColumnPatch): void;
}

/** Files cannot be a default value. */
const NO_DEFAULT = new Set(['Attachment']);

export function FormFieldCard({ vc, column, selected, canEdit, onSelect, onChange }: Props) {
  const { t } = useTranslation();
  const sortable = useSortable({ id: vc.id, disabled: !canEdit });
  const field = useMemo(() => formFields([column as SharedColumn], [vc])[0], [column, vc]);
  const [value, setValue] = useState<FormValue>(field?.defaultValue);
  // The label and help as typed: the card shows them while typing, so saving them on blur moves nothing on screen
  // (a click on the required switch that blurs the help box must land where it was aimed).
  const [typed, setTyped] = useState<{ label?: string; help?: string }>({});
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!field) return null;
  const label = typed.label !== undefined ? typed.label || column.title : field.label;
  const help = typed.help !== undefined ? typed.help : field.help;

  const setDefault = (v: FormValue) => {
    setValue(v);
    clearTimeout(timer.current);
    // Saved once typing pauses, not on every key.
    timer.current = setTimeout(() => {
      const stored = Array.isArray(v) && v.some((x) => x instanceof File) ? undefined : v;
      onChange({ meta: { ...(vc.meta ?? {}), defaultValue: stored ?? null } });
    }, 400);
  };

  return (
    <div
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition }}
      className={`group rounded border bg-white p-3 ${selected ? 'border-indigo-400 shadow' : 'border-transparent hover:border-gray-300'} ${sortable.isDragging ? 'z-10 opacity-70' : ''}`}
      onClick={onSelect}
      data-testid={`form-card-${column.title}`}
    >
      <div className="mb-1 flex items-center gap-2">
        <span
          {...sortable.attributes}
          {...sortable.listeners}
          className="cursor-grab text-gray-400"
          aria-label={t('views.dragHandle', { title: field.label })}
          data-testid="form-card-drag"
        >
          ⠿
        </span>
        <span className="flex-1 font-medium" data-testid="form-card-label">
          {label}
          {field.required && <span className="ms-1 text-red-600">*</span>}
        </span>
        {canEdit && (
          <Button
            size="small"
            type="text"
            className="opacity-0 group-hover:opacity-100"
            onClick={(e) => {
              e.stopPropagation();
              onChange({ show: false });
            }}
            data-testid="form-card-hide"
          >
            {t('formBuilder.hide')}
          </Button>
        )}
      </div>
      {help && <p className="mb-1 text-xs text-gray-500">{help}</p>}
      {NO_DEFAULT.has(column.uidt) ? (
        <FieldInput field={field} value={undefined} onChange={() => undefined} invalid={false} />
      ) : (
        <div title={t('formBuilder.defaultValue')}>
          <FieldInput field={field} value={value} onChange={setDefault} invalid={false} />
        </div>
      )}
      {selected && (
        <div
          className="mt-3 flex flex-col gap-2 border-t border-gray-100 pt-3 text-sm"
          data-testid="form-card-settings"
        >
          <label className="flex flex-col gap-1">
            {t('formBuilder.label')}
            <Input
              size="small"
              placeholder={column.title}
              defaultValue={vc.label ?? ''}
              onChange={(e) => setTyped((d) => ({ ...d, label: e.target.value }))}
              onBlur={(e) =>
                e.target.value !== (vc.label ?? '') && onChange({ label: e.target.value || null })
              }
              data-testid="form-card-label-input"
            />
          </label>
          <label className="flex flex-col gap-1">
            {t('formBuilder.help')}
            <Input.TextArea
              size="small"
              autoSize
              defaultValue={vc.help ?? ''}
              onChange={(e) => setTyped((d) => ({ ...d, help: e.target.value }))}
              onBlur={(e) => e.target.value !== (vc.help ?? '') && onChange({ help: e.target.value || null })}
              data-testid="form-card-help-input"
            />
          </label>
          <label className="flex items-center gap-2">
            <Switch
              size="small"
              checked={!!vc.required}
              disabled={!!column.rqd}
              onChange={(required) => onChange({ required })}
              data-testid="form-card-required"
            />
            {t('formBuilder.required')}
          </label>
        </div>
      )}
    </div>
  );
}
