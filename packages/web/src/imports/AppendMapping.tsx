/**
 * The preview step of an import into an existing table: per file column, the field it goes into (or skip it),
 * the field whose value finds a row to update, and whether bad rows are skipped or fail the import.
 */
import type { TableMeta } from '@rowbase/core/api/meta';
import { Checkbox } from 'antd';
import { Select } from '../components/still-pickers';
import { useTranslation } from 'react-i18next';
import { importableFields } from './append-mapping';
import type { AppendOptions, PreviewColumn } from './imports-api';

/** The select of the field one file column goes into; its value is the field title or '' for "skip". */
export function TargetFieldSelect({
  table,
  column,
  options,
  onChange,
  testId,
}: {
  table: TableMeta;
  column: PreviewColumn;
  options: AppendOptions;
  onChange(next: AppendOptions): void;
  testId: string;
}) {
  const { t } = useTranslation();
  const value = options.columns.find((m) => m.index === column.index)?.field ?? '';
  return (
    <Select
      size="small"
      value={value}
      aria-label={t('import.targetField')}
      data-testid={testId}
      options={[
        { value: '', label: t('import.skipColumn') },
        ...importableFields(table).map((f) => ({ value: f.title, label: f.title })),
      ]}
      onChange={(field: string) => {
        const rest = options.columns.filter((m) => m.index !== column.index && m.field !== field);
        onChange({ ...options, columns: field ? [...rest, { index: column.index, field }] : rest });
      }}
    />
  );
}

export function AppendSettings({
  table,
  options,
  onChange,
}: {
  table: TableMeta;
  options: AppendOptions;
  onChange(next: AppendOptions): void;
}) {
  const { t } = useTranslation();
  const mapped = options.columns.map((m) => m.field);
  return (
    <div className="flex flex-wrap items-center gap-4">
      <label className="flex items-center gap-2">
        {t('import.matchOn')}
        <Select
          size="small"
          style={{ minWidth: 180 }}
          value={options.match ?? ''}
          data-testid="import-match"
          options={[
            { value: '', label: t('import.noMatch') },
            ...importableFields(table)
              .filter((f) => mapped.includes(f.title))
              .map((f) => ({ value: f.title, label: f.title })),
          ]}
          onChange={(match: string) => onChange({ ...options, match: match || undefined })}
        />
      </label>
      <Checkbox
        checked={options.skipBadRows}
        data-testid="import-skip-bad-rows"
        onChange={(e) => onChange({ ...options, skipBadRows: e.target.checked })}
      >
        {t('import.skipBadRows')}
      </Checkbox>
    </div>
  );
}
