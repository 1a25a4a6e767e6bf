/**
 * The per-type options of the field form (docs/behaviour/fields.md): column properties (length, scale, unsigned, auto increment,
 * default value, required) as `columnPropsShown` allows them on the source's dialect, and display options
 * (select options with colours, precision, currency, date and time formats, duration, rating) as the cell type
 * lists them. One small editor per option kind; nothing here switches on the UI type.
 */
import type { ColumnMeta, SelectOption } from '@rowbase/core/api/meta';
import { SELECT_OPTION_CAP } from '@rowbase/core/fields/db-types';
import type { Dialect } from '@rowbase/core/fields/field-type';
import type { UIType } from '@rowbase/core/fields/ui-types';
import { Button, Checkbox, Input, InputNumber, Tooltip } from 'antd';
import { Select } from '../components/still-pickers';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MetaOptionKind } from '../fields/cell-type';
import {
  DATE_FORMATS,
  MAX_PRECISION,
  TIME_FORMATS,
  columnPropsShown,
  metaOptionsOf,
} from '../fields/field-options';
import { DURATION_FORMATS } from '../fields/number-formats';
import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT } from '../fields/dates';
import { TAG_COLORS } from '../fields/paint';

/** The form's state the options read and write: body keys (dtxp, un, cdf...), `meta` keys and select options. */
export interface FieldDraft {
  body: Record<string, unknown>;
  meta: Record<string, unknown>;
  options: SelectOption[];
  setBody(key: string, value: unknown): void;
  setMeta(key: string, value: unknown): void;
  setOptions(update: (options: SelectOption[]) => SelectOption[]): void;
}

interface Props {
  uidt: UIType;
  dialect: Dialect;
  columns: readonly ColumnMeta[];
  editing?: ColumnMeta;
  draft: FieldDraft;
}

type T = ReturnType<typeof useTranslation>['t'];

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const num = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));

const META_EDITORS: { [K in MetaOptionKind]: (d: FieldDraft, t: T) => ReactNode } = {
  selectOptions: (d, t) => <SelectOptions draft={d} t={t} />,
  precision: (d, t) => (
    <InputNumber
      data-testid="field-precision"
      addonBefore={t('field.precision')}
      min={0}
      max={MAX_PRECISION}
      value={num(d.meta.precision)}
      onChange={(v) => d.setMeta('precision', v ?? undefined)}
    />
  ),
  currency: (d, t) => (
    <div className="flex gap-2">
      <Input
        addonBefore={t('field.currencyLocale')}
        value={str(d.meta.currency_locale ?? 'en-US')}
        onChange={(e) => d.setMeta('currency_locale', e.target.value)}
      />
      <Input
        addonBefore={t('field.currencyCode')}
        value={str(d.meta.currency_code ?? 'USD')}
        onChange={(e) => d.setMeta('currency_code', e.target.value.toUpperCase())}
      />
    </div>
  ),
  dateFormat: (d, t) => (
    <Labelled label={t('field.dateFormat')}>
      <Select
        data-testid="field-date-format"
        className="flex-1"
        value={str(d.meta.date_format ?? DEFAULT_DATE_FORMAT)}
        onChange={(v) => d.setMeta('date_format', v)}
        options={DATE_FORMATS.map((f) => ({ value: f, label: f }))}
      />
    </Labelled>
  ),
  timeFormat: (d, t) => (
    <Labelled label={t('field.timeFormat')}>
      <Select
        data-testid="field-time-format"
        className="flex-1"
        value={str(d.meta.time_format ?? DEFAULT_TIME_FORMAT)}
        onChange={(v) => d.setMeta('time_format', v)}
        options={TIME_FORMATS.map((f) => ({ value: f, label: f }))}
      />
    </Labelled>
  ),
  duration: (d, t) => (
    <Labelled label={t('field.durationFormat')}>
      <Select
        className="flex-1"
        value={Number(d.meta.duration ?? 0)}
        onChange={(v) => d.setMeta('duration', v)}
        options={DURATION_FORMATS.map((f, i) => ({ value: i, label: f }))}
      />
    </Labelled>
  ),
  rating: (d, t) => (
    <InputNumber
      addonBefore={t('field.ratingMax')}
      min={1}
      max={10}
      value={Number(d.meta.max ?? 5)}
      onChange={(v) => d.setMeta('max', v ?? 5)}
    />
  ),
};

export function FieldOptions({ uidt, dialect, columns, editing, draft }: Props) {
  const { t } = useTranslation();
  const shown = columnPropsShown(uidt, dialect, columns, editing);
  const { body, setBody } = draft;
  const aiTaken = shown.autoIncrementTakenBy;
  return (
    <>
      {metaOptionsOf(uidt).map((kind) => (
        <div key={kind}>{META_EDITORS[kind](draft, t)}</div>
      ))}
      {(shown.length || shown.scale) && (
        <div className="flex gap-2">
          {shown.length && (
            <Input
              data-testid="field-length"
              addonBefore={t('field.length')}
              inputMode="numeric"
              placeholder={str(shown.defaultLength ?? shown.dbType?.dtxp)}
              value={str(body.dtxp)}
              onChange={(e) => setBody('dtxp', e.target.value.replace(/[^\d]/g, ''))}
            />
          )}
          {shown.scale && (
            <InputNumber
              data-testid="field-scale"
              addonBefore={t('field.scale')}
              min={0}
              max={30}
              placeholder={str(shown.dbType?.dtxs ?? 2)}
              value={num(body.dtxs)}
              onChange={(v) => setBody('dtxs', v ?? undefined)}
            />
          )}
        </div>
      )}
      {shown.defaultValue && (
        <Input
          data-testid="field-default"
          placeholder={t('field.defaultValue')}
          value={str(body.cdf)}
          onChange={(e) => setBody('cdf', e.target.value)}
        />
      )}
      <div className="flex flex-wrap items-center gap-3">
        {shown.dbType && (
          <Checkbox checked={!!body.rqd} onChange={(e) => setBody('rqd', e.target.checked)}>
            {t('field.required')}
          </Checkbox>
        )}
        {shown.unsigned && (
          <Checkbox
            data-testid="field-unsigned"
            checked={!!body.un}
            onChange={(e) => setBody('un', e.target.checked)}
          >
            {t('field.unsigned')}
          </Checkbox>
        )}
        {shown.autoIncrement && (
          <Tooltip title={aiTaken ? t('field.autoIncrementTaken', { title: aiTaken }) : undefined}>
            <Checkbox
              data-testid="field-ai"
              disabled={!!aiTaken && !body.ai}
              checked={!!body.ai}
              onChange={(e) => setBody('ai', e.target.checked)}
            >
              {t('field.autoIncrement')}
            </Checkbox>
          </Tooltip>
        )}
      </div>
    </>
  );
}

export function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex items-center gap-2">
      <span className="w-32 shrink-0 text-gray-600">{label}</span>
      {children}
    </label>
  );
}

function SelectOptions({ draft, t }: { draft: FieldDraft; t: T }) {
  const { options, setOptions } = draft;
  const edit = (i: number, patch: Partial<SelectOption>) =>
    setOptions((os) => os.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <div className="flex flex-col gap-1">
      {options.map((o, i) => (
        <div key={i} className="flex items-center gap-2">
          <input
            type="color"
            aria-label={t('field.optionColour')}
            value={o.color ?? TAG_COLORS[i % TAG_COLORS.length]}
            onChange={(e) => edit(i, { color: e.target.value })}
          />
          <Input
            value={o.title}
            data-testid="select-option"
            onChange={(e) => edit(i, { title: e.target.value })}
          />
          <Button
            aria-label={t('action.remove')}
            onClick={() => setOptions((os) => os.filter((_, j) => j !== i))}
          >
            ×
          </Button>
        </div>
      ))}
      <Button
        data-testid="add-option"
        disabled={options.length >= SELECT_OPTION_CAP}
        onClick={() =>
          setOptions((os) => [...os, { title: '', color: TAG_COLORS[os.length % TAG_COLORS.length] }])
        }
      >
        {t('field.addOption')}
      </Button>
    </div>
  );
}
