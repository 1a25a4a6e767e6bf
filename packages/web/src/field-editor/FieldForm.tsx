/**
 * Add or edit a field: title, a type picker offering exactly the docs/behaviour/fields.md types (HIDDEN_FROM_TYPE_PICKER left out,
 * LinkToAnotherRecord marked deprecated), and the options that type takes on the table's source dialect
 * (FieldOptions; relation and formula options in FieldRelationOptions; the field a QR code or barcode encodes
 * and the barcode format in FieldCodeOptions).
 */
import { formulaOptions, optionListOf } from '@rowbase/core/fields/col-options';
import type { ColumnMeta, SelectOption, TableMeta } from '@rowbase/core/api/meta';
import { HIDDEN_FROM_TYPE_PICKER, isVirtual, UI_TYPES, type UIType } from '@rowbase/core/fields/ui-types';
import { quoteOptionList } from '@rowbase/core/fields/column-rules';
import { dialectOfClient } from '@rowbase/core/sources/templates';
import type { Dialect } from '@rowbase/core/fields/field-type';
import { useQuery } from '@tanstack/react-query';
import { Input, Modal } from 'antd';
import { Select } from '../components/still-pickers';
import { useState } from 'react';
import { baseKey, basesApi } from '../api/bases';
import { columnPropsShown, metaOptionsOf } from '../fields/field-options';
import { typeOptions, typeSearch } from '../fields/type-label';
import { initialCodeOptions, withCodeOptions } from './code-field-body';
import { FieldCodeOptions } from './FieldCodeOptions';
import { FieldOptions } from './FieldOptions';
import { FieldRelationOptions, initialRelationOptions, withRelationDefaults } from './FieldRelationOptions';
import { useTranslation } from 'react-i18next';
import { useStillModalMotion } from '../components/modal-motion';

export const PICKER_TYPES: readonly UIType[] = UI_TYPES.filter((t) => !HIDDEN_FROM_TYPE_PICKER.includes(t));

/** The dialect of the table's source (from the base's sources; SQLite until they are known). */
function useDialect(table: TableMeta): Dialect {
  const base = useQuery({ queryKey: baseKey(table.base_id), queryFn: () => basesApi.read(table.base_id) });
  const client = base.data?.sources?.find((s) => s.id === table.source_id)?.type;
  try {
    return client ? dialectOfClient(client) : 'sqlite';
  } catch {
    return 'sqlite';
  }
}

/** Drops body keys the type does not take on this dialect, so switching types leaves nothing stale behind. */
function bodyFor(
  uidt: UIType,
  dialect: Dialect,
  table: TableMeta,
  initial: ColumnMeta | undefined,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const shown = columnPropsShown(uidt, dialect, table.columns ?? [], initial);
  const body = { ...extra };
  const drop = (key: string, keep: boolean) => {
    if (!keep || body[key] === '' || body[key] === undefined) delete body[key];
  };
  drop('dtxp', shown.length);
  drop('dtxs', shown.scale);
  drop('cdf', shown.defaultValue);
  if (!shown.unsigned) delete body.un;
  if (!shown.autoIncrement) delete body.ai;
  if (!shown.dbType) delete body.rqd;
  return body;
}

/** The formula of a Formula field being edited; nothing for other fields (an undo writes back every key sent). */
function initialFormula(column: ColumnMeta): { formula_raw?: string } {
  const raw = formulaOptions(column)?.formula_raw;
  return typeof raw === 'string' ? { formula_raw: raw } : {};
}

interface Props {
  table: TableMeta;
  initial?: ColumnMeta;
  onSubmit(body: Record<string, unknown>): Promise<void>;
  onClose(): void;
}

export function FieldForm({ table, initial, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const motion = useStillModalMotion();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [uidt, setUidt] = useState<UIType>(initial?.uidt ?? 'SingleLineText');
  const [meta, setMeta] = useState<Record<string, unknown>>(initial?.meta ?? {});
  const [options, setOptions] = useState<SelectOption[]>(() => (initial ? optionListOf(initial) : []));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // Type-specific body keys (relation targets, formula, default value, required).
  const [extra, setExtra] = useState<Record<string, unknown>>(() =>
    initial
      ? {
          cdf: initial.cdf ?? undefined,
          rqd: initial.rqd,
          un: initial.un,
          ai: initial.ai,
          dtxp: initial.dtxp ?? undefined,
          dtxs: initial.dtxs ?? undefined,
          ...initialCodeOptions(initial),
          ...initialRelationOptions(initial),
          ...initialFormula(initial),
        }
      : {},
  );
  const [codeMissing, setCodeMissing] = useState(false);
  const dialect = useDialect(table);
  const setExtraKey = (k: string, v: unknown) => setExtra((e) => ({ ...e, [k]: v }));
  const setMetaKey = (k: string, v: unknown) => setMeta((m) => ({ ...m, [k]: v }));
  const isSelect = metaOptionsOf(uidt).includes('selectOptions');

  const submit = async () => {
    const coded = withCodeOptions(
      uidt,
      bodyFor(uidt, dialect, table, initial, withRelationDefaults(uidt, extra)),
    );
    setCodeMissing(coded === 'missing');
    if (coded === 'missing') return setError(t('field.encodeFieldRequired'));
    setBusy(true);
    try {
      const body: Record<string, unknown> = { ...coded, title: title.trim(), uidt, meta };
      if (isVirtual(uidt)) delete body.cdf;
      if (!initial) body.column_name = title.trim();
      if (isSelect) {
        body.colOptions = { options: options.map((o, i) => ({ ...o, order: i + 1 })) };
        body.dtxp = quoteOptionList(options.map((o) => o.title));
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
      {...motion}
      open
      title={initial ? t('grid.header.editField') : t('grid.field.addField')}
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
          placeholder={t('grid.field.name')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          autoFocus
        />
        <Select
          data-testid="field-type"
          virtual={false}
          showSearch={typeSearch}
          value={uidt}
          onChange={(v) => setUidt(v)}
          options={typeOptions(t, PICKER_TYPES)}
        />
        <FieldRelationOptions uidt={uidt} table={table} editing={initial} body={extra} set={setExtraKey} />
        <FieldCodeOptions
          uidt={uidt}
          columns={table.columns ?? []}
          editing={initial}
          body={extra}
          set={setExtraKey}
          missing={codeMissing}
        />
        <FieldOptions
          uidt={uidt}
          dialect={dialect}
          columns={table.columns ?? []}
          editing={initial}
          draft={{
            body: extra,
            meta,
            options,
            setBody: setExtraKey,
            setMeta: setMetaKey,
            setOptions,
          }}
        />
      </div>
    </Modal>
  );
}
