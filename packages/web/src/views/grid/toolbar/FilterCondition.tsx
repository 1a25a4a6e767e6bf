/**
 * One condition of the filter panel: field, the operators that field's type allows (by readable, translated
 * names), a date sub-operator where the comparison takes one, and the value input that fits (a number, a
 * calendar date, text, or none). The value is saved when it is left or Enter is pressed, once per change.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { Input } from 'antd';
import { Select } from '../../../components/still-pickers';
import { useTranslation } from 'react-i18next';
import type { FilterRow } from '../view-settings';
import { inputFor, opsFor, patchForField, patchForOp, subOpsFor, type FilterPatch } from './filter-ops';

interface Props {
  filter: FilterRow;
  fields: readonly ColumnMeta[];
  /** Every column of the table, so a condition on a field the picker hides still shows its field. */
  columns: readonly ColumnMeta[];
  save(patch: FilterPatch): void;
}

const INPUT_TYPE = { number: 'number', date: 'date', text: 'text' } as const;
/** Comparisons read the same in every language. */
const SYMBOLS: Record<string, string> = { gt: '>', ge: '>=', lt: '<', le: '<=' };
/**
 * antd's option row (its `controlHeight`). The operator list is as tall as its options, so it opens without
 * scrolling to the chosen one a frame later, which moved every operator under a press (docs/views.md "A menu's
 * first click").
 */
const OPTION_HEIGHT = 32;

export function FilterCondition({ filter: f, fields, columns, save }: Props) {
  const { t } = useTranslation();
  const column = columns.find((c) => c.id === f.fk_column_id);
  const op = f.comparison_op ?? '';
  const sub = f.comparison_sub_op ?? null;
  const ops = column ? opsFor(column) : [];
  const subs = column ? subOpsFor(column, op) : [];
  const input = column ? inputFor(column, op, sub) : 'none';
  const stored = f.value === null || f.value === undefined ? '' : String(f.value);
  // The value is read before anything asynchronous runs: React reuses the event once the handler returns.
  const saveValue = (text: string) => {
    if (text !== stored) save({ value: text });
  };
  const fieldOptions = fields.map((c) => ({ value: c.id, label: c.title }));
  if (column && !fields.includes(column)) fieldOptions.push({ value: column.id, label: column.title });
  return (
    <>
      <Select
        size="small"
        className="w-32"
        data-testid="filter-field"
        value={f.fk_column_id}
        options={fieldOptions}
        onChange={(id: string) => {
          const next = columns.find((c) => c.id === id);
          if (next) save(patchForField(next, op));
        }}
      />
      <Select
        size="small"
        className="w-36"
        data-testid="filter-op"
        popupMatchSelectWidth={false}
        value={op}
        options={ops.map((o) => ({ value: o, label: SYMBOLS[o] ?? t(`grid.filter.op.${o}`) }))}
        listHeight={ops.length * OPTION_HEIGHT}
        onChange={(v: string) => column && save(patchForOp(column, { op, sub }, v))}
      />
      {subs.length > 0 && (
        <Select
          size="small"
          className="w-36"
          data-testid="filter-sub-op"
          popupMatchSelectWidth={false}
          value={sub}
          options={subs.map((s) => ({ value: s, label: t(`grid.filter.sub.${s}`) }))}
          onChange={(v: string) =>
            save({
              comparison_sub_op: v,
              ...(column && inputFor(column, op, v) !== input ? { value: null } : {}),
            })
          }
        />
      )}
      {input !== 'none' && (
        <Input
          key={`${input}:${stored}`}
          size="small"
          className="w-36"
          type={INPUT_TYPE[input]}
          data-testid="filter-value"
          defaultValue={stored}
          onBlur={(e) => saveValue(e.target.value)}
          onPressEnter={(e) => saveValue(e.currentTarget.value)}
        />
      )}
    </>
  );
}
