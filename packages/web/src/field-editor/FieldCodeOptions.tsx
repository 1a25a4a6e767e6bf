/**
 * Options of QR code and barcode fields in the field form: the field whose value they encode (one of the table's
 * fields a code can hold) and, for barcodes, the barcode format.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import {
  BARCODE_FORMAT_LABELS,
  BARCODE_FORMATS,
  CODE_VALUE_KEY,
  DEFAULT_BARCODE_FORMAT,
  hasCodeFormat,
  isCodeType,
  isEncodable,
} from '@rowbase/core/fields/code-options';
import type { UIType } from '@rowbase/core/fields/ui-types';
import { Select } from '../components/still-pickers';
import { useTranslation } from 'react-i18next';
import { Labelled } from './FieldOptions';

interface Props {
  uidt: UIType;
  columns: readonly ColumnMeta[];
  /** The field being edited (it cannot encode itself). */
  editing?: ColumnMeta;
  body: Record<string, unknown>;
  set(key: string, value: unknown): void;
  /** The form was submitted without a field to encode: the select shows it. */
  missing: boolean;
}

export function FieldCodeOptions({ uidt, columns, editing, body, set, missing }: Props) {
  const { t } = useTranslation();
  if (!isCodeType(uidt)) return null;
  const key = CODE_VALUE_KEY[uidt];
  const encodable = columns.filter((c) => c.id !== editing?.id && isEncodable(c.uidt));
  return (
    <div className="flex flex-col gap-2">
      <Labelled label={t('field.encodeField')}>
        <Select
          data-testid="field-encode"
          className="flex-1"
          virtual={false}
          showSearch
          optionFilterProp="label"
          status={missing && !body[key] ? 'error' : undefined}
          placeholder={t('field.chooseEncodeField')}
          value={body[key] as string | undefined}
          options={encodable.map((c) => ({ value: c.id, label: c.title }))}
          onChange={(v) => set(key, v)}
        />
      </Labelled>
      {hasCodeFormat(uidt) && (
        <Labelled label={t('field.barcodeFormat')}>
          <Select
            data-testid="field-barcode-format"
            className="flex-1"
            virtual={false}
            value={(body.barcode_format as string | undefined) ?? DEFAULT_BARCODE_FORMAT}
            options={BARCODE_FORMATS.map((f) => ({ value: f, label: BARCODE_FORMAT_LABELS[f] }))}
            onChange={(v) => set('barcode_format', v)}
          />
        </Labelled>
      )}
    </div>
  );
}
