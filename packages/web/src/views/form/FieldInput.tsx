/** The input of one form field, by its type: text, long text, number, checkbox, options, date, time, files. */
import { Checkbox, Input, InputNumber, Rate, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormField } from './form-fields';
import type { FormValue } from './form-validation';

interface Props {
  field: FormField;
  value: FormValue;
  onChange(value: FormValue): void;
  invalid: boolean;
}

const NUMBER_TYPES = new Set(['Number', 'Decimal', 'Currency', 'Percent', 'Year', 'Duration']);
const NATIVE_TYPES: Record<string, string> = { Date: 'date', DateTime: 'datetime-local', Time: 'time' };

export function FieldInput({ field, value, onChange, invalid }: Props) {
  const { t } = useTranslation();
  const status = invalid ? 'error' : undefined;
  const testId = `form-input-${field.title}`;
  const text = typeof value === 'string' ? value : value == null ? '' : String(value);
  if (field.uidt === 'LongText' || field.uidt === 'JSON')
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
  if (NUMBER_TYPES.has(field.uidt))
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
  if (field.uidt === 'Rating')
    return (
      <Rate
        count={field.max ?? 5}
        value={typeof value === 'number' ? value : 0}
        onChange={(v) => onChange(v || null)}
        data-testid={testId}
      />
    );
  if (field.uidt === 'Checkbox')
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
  if (field.uidt === 'SingleSelect' || field.uidt === 'MultiSelect')
    return (
      <Select
        id={field.id}
        style={{ width: '100%' }}
        status={status}
        allowClear
        mode={field.uidt === 'MultiSelect' ? 'multiple' : undefined}
        placeholder={t('form.select')}
        value={value === '' || value == null ? undefined : (value as string | string[])}
        options={field.options.map((o) => ({ value: o, label: o }))}
        onChange={(v: string | string[] | undefined) => onChange(v ?? null)}
        data-testid={testId}
      />
    );
  if (field.uidt === 'Attachment')
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
      type={
        NATIVE_TYPES[field.uidt] ?? (field.uidt === 'Email' ? 'email' : field.uidt === 'URL' ? 'url' : 'text')
      }
      status={status}
      value={text}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
    />
  );
}
