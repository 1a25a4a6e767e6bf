/**
 * Add or edit a field: title, a type picker offering exactly the SPEC §3 types (HIDDEN_FROM_TYPE_PICKER left out,
 * LinkToAnotherRecord marked deprecated), and the options that type takes.
 */
import type { ColumnMeta, SelectOption, TableMeta } from '@rowbase/core/api/meta';
import { HIDDEN_FROM_TYPE_PICKER, isVirtual, UI_TYPES, type UIType } from '@rowbase/core/fields/ui-types';
import { Button, Checkbox, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { TAG_COLORS } from '../../fields/paint';
import { DURATION_FORMATS } from '../../fields/number-formats';
import { FieldRelationOptions } from './FieldRelationOptions';

export const PICKER_TYPES: readonly UIType[] = UI_TYPES.filter((t) => !HIDDEN_FROM_TYPE_PICKER.includes(t));

const DATE_FORMATS = ['YYYY/MM/DD', 'YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD-MM-YYYY', 'MM-DD-YYYY'];

interface Props {
  table: TableMeta;
  initial?: ColumnMeta;
  onSubmit(body: Record<string, unknown>): Promise<void>;
  onClose(): void;
}

export function FieldForm({ table, initial, onSubmit, onClose }: Props) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [uidt, setUidt] = useState<UIType>(initial?.uidt ?? 'SingleLineText');
  const [meta, setMeta] = useState<Record<string, unknown>>(initial?.meta ?? {});
  const [options, setOptions] = useState<SelectOption[]>(
    () => (initial?.colOptions as { options?: SelectOption[] } | null)?.options ?? [],
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // Type-specific body keys (relation targets, formula, default value, required).
  const [extra, setExtra] = useState<Record<string, unknown>>(() =>
    initial ? { cdf: initial.cdf ?? undefined, rqd: initial.rqd } : {},
  );
  const setExtraKey = (k: string, v: unknown) => setExtra((e) => ({ ...e, [k]: v }));
  const setMetaKey = (k: string, v: unknown) => setMeta((m) => ({ ...m, [k]: v }));
  const isSelect = uidt === 'SingleSelect' || uidt === 'MultiSelect';

  const submit = async () => {
    setBusy(true);
    try {
      const body: Record<string, unknown> = { ...extra, title: title.trim(), uidt, meta };
      if (body.cdf === '' || isVirtual(uidt)) delete body.cdf;
      if (!initial) body.column_name = title.trim();
      if (isSelect) {
        body.colOptions = { options: options.map((o, i) => ({ ...o, order: i + 1 })) };
        body.dtxp = options.map((o) => `'${o.title.replace(/'/g, "''")}'`).join(',');
      }
      await onSubmit(body);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={initial ? 'Edit field' : 'Add field'}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ disabled: !title.trim(), loading: busy }}
    >
      <div className="flex flex-col gap-3" data-testid="field-form">
        {error && (
          <p className="text-red-600" data-testid="field-error">
            {error}
          </p>
        )}
        <Input
          data-testid="field-title"
          placeholder="Field name"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          autoFocus
        />
        <Select
          data-testid="field-type"
          virtual={false}
          showSearch
          value={uidt}
          onChange={(v) => setUidt(v)}
          options={PICKER_TYPES.map((t) => ({
            value: t,
            label: t === 'LinkToAnotherRecord' ? `${t} (deprecated)` : t,
          }))}
        />
        {isSelect && (
          <div className="flex flex-col gap-1">
            {options.map((o, i) => (
              <div key={i} className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label="Option colour"
                  value={o.color ?? TAG_COLORS[i % TAG_COLORS.length]}
                  onChange={(e) =>
                    setOptions((os) => os.map((x, j) => (j === i ? { ...x, color: e.target.value } : x)))
                  }
                />
                <Input
                  value={o.title}
                  data-testid="select-option"
                  onChange={(e) =>
                    setOptions((os) => os.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)))
                  }
                />
                <Button onClick={() => setOptions((os) => os.filter((_, j) => j !== i))}>×</Button>
              </div>
            ))}
            <Button
              data-testid="add-option"
              disabled={options.length >= 64}
              onClick={() =>
                setOptions((os) => [...os, { title: '', color: TAG_COLORS[os.length % TAG_COLORS.length] }])
              }
            >
              Add option
            </Button>
          </div>
        )}
        <FieldRelationOptions uidt={uidt} table={table} body={extra} set={setExtraKey} />
        {!isVirtual(uidt) && uidt !== 'Attachment' && (
          <div className="flex items-center gap-3">
            <Input
              placeholder="Default value"
              value={(extra.cdf as string | undefined) ?? ''}
              onChange={(e) => setExtraKey('cdf', e.target.value)}
            />
            <Checkbox checked={!!extra.rqd} onChange={(e) => setExtraKey('rqd', e.target.checked)}>
              Required
            </Checkbox>
          </div>
        )}
        {uidt === 'Decimal' && (
          <InputNumber
            addonBefore="Precision"
            min={0}
            max={8}
            value={Number(meta.precision ?? 1)}
            onChange={(v) => setMetaKey('precision', v)}
          />
        )}
        {uidt === 'Currency' && (
          <div className="flex gap-2">
            <Input
              addonBefore="Locale"
              value={String(meta.currency_locale ?? 'en-US')}
              onChange={(e) => setMetaKey('currency_locale', e.target.value)}
            />
            <Input
              addonBefore="Code"
              value={String(meta.currency_code ?? 'USD')}
              onChange={(e) => setMetaKey('currency_code', e.target.value)}
            />
          </div>
        )}
        {uidt === 'Rating' && (
          <InputNumber
            addonBefore="Max"
            min={1}
            max={10}
            value={Number(meta.max ?? 5)}
            onChange={(v) => setMetaKey('max', v)}
          />
        )}
        {uidt === 'Duration' && (
          <Select
            value={Number(meta.duration ?? 0)}
            onChange={(v) => setMetaKey('duration', v)}
            options={DURATION_FORMATS.map((f, i) => ({ value: i, label: f }))}
          />
        )}
        {(uidt === 'Date' || uidt === 'DateTime') && (
          <Select
            value={String(meta.date_format ?? 'YYYY/MM/DD')}
            onChange={(v) => setMetaKey('date_format', v)}
            options={DATE_FORMATS.map((f) => ({ value: f, label: f }))}
          />
        )}
      </div>
    </Modal>
  );
}
