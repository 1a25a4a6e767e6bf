/** The input of one form field, by its type: text, long text, number, checkbox, options, date, time, files. */
import { Checkbox, Input, InputNumber, Rate } from 'antd';
import { Select } from '../../components/still-pickers';
import { useTranslation } from 'react-i18next';
import type { FormInputKind } from '../../fields/cell-type';
import type { FormField } from './form-fields';
import type { FormValue } from './form-validation';

interface Props {
  field: FormField;
  value: FormValue;
  onChange(value: FormValue): void;
  invalid: boolean;
}

/** The HTML input type of the inputs that are plain text boxes. */
const HTML_TYPES: Partial<Record<FormInputKind, string>> = {
  date: 'date',
  dateTime: 'datetime-local',
  time: 'time',
  email: 'email',
  url: 'url',
};

export function FieldInput({ field, value, onChange, invalid }: Props) {
  const { t } = useTranslation();
  const status = invalid ? 'error' : undefined;
  const testId = `form-input-${field.title}`;
  const text = typeof value === 'string' ? value : value == null ? '' : String(value);
  if (field.input === 'longText' || field.input === 'json')
    return (
      <Input.TextArea
        id={field.id}
        rows={4}
        status={status}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    );
  if (field.input === 'number')
    return (
      <InputNumber
        id={field.id}
        style={{ width: '100%' }}
        status={status}
        value={typeof value === 'number' ? value : text === '' ? null : Number(text)}
        onChange={(v) => onChange(v ?? null)}
        data-testid={testId}
      />
    );
  if (field.input === 'rating')
    return (
      <Rate
        count={field.max ?? 5}
        value={typeof value === 'number' ? value : 0}
        onChange={(v) => onChange(v || null)}
        data-testid={testId}
      />
    );
  if (field.input === 'checkbox')
    return (
      <Checkbox
        id={field.id}
        checked={value === true}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      >
        {field.label}
      </Checkbox>
    );
  if (field.input === 'select' || field.input === 'multiSelect')
    return (
      <Select
        id={field.id}
        style={{ width: '100%' }}
        status={status}
        allowClear
        mode={field.input === 'multiSelect' ? 'multiple' : undefined}
        placeholder={t('form.select')}
        value={value === '' || value == null ? undefined : (value as string | string[])}
        options={field.options.map((o) => ({ value: o, label: o }))}
        onChange={(v: string | string[] | undefined) => onChange(v ?? null)}
        data-testid={testId}
      />
    );
  if (field.input === 'attachment')
    return (
      <div className="flex flex-col gap-1">
        <label className="inline-flex w-fit cursor-pointer rounded border border-gray-300 px-3 py-1 text-sm hover:border-[#4351E8]">
          {t('form.chooseFiles')}
          <input
            id={field.id}
            type="file"
            multiple
            className="hidden"
            data-testid={testId}
            onChange={(e) => onChange(Array.from(e.target.files ?? []))}
          />
        </label>
        {Array.isArray(value) &&
          (value as File[]).map((f) => (
            <span key={f.name} className="text-xs text-gray-600">
              📎 {f.name}
            </span>
          ))}
      </div>
    );
  return (
    <Input
      id={field.id}
      type={HTML_TYPES[field.input] ?? 'text'}
      status={status}
      value={text}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
    />
  );
}
