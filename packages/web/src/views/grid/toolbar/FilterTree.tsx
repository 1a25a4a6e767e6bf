/**
 * Conditions and nested groups joined by and/or, each condition offering what its field's type allows
 * (FilterCondition). Shared by the grid's filter menu (saved as they change) and a webhook's conditions (kept
 * in the form until it is saved): the owner says what adding, changing and removing do.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { Button } from 'antd';
import { Select } from '../../../components/still-pickers';
import { useTranslation } from 'react-i18next';
import type { FilterRow } from '../view-settings';
import { FilterCondition } from './FilterCondition';
import type { FilterPatch } from './filter-ops';

export interface FilterTreeOps {
  /** Adds a condition (or an empty group) under `parent` (null: at the top). */
  add(parent: string | null, body: Partial<FilterRow>): void;
  update(id: string, patch: FilterPatch | Partial<FilterRow>): void;
  remove(id: string): void;
}

interface Props {
  filters: FilterRow[];
  /** The fields a condition may pick. */
  fields: readonly ColumnMeta[];
  /** Every column of the table, so a condition on a field the picker hides still shows its field. */
  columns: readonly ColumnMeta[];
  ops: FilterTreeOps;
}

/** A new condition starts on the display-value field as "is not blank", which is valid for every type. */
export function newCondition(fields: readonly ColumnMeta[], group: boolean): Partial<FilterRow> {
  if (group) return { is_group: true, logical_op: 'and' };
  const first = fields.find((c) => c.pv) ?? fields[0];
  return { fk_column_id: first?.id, comparison_op: 'notblank', logical_op: 'and' };
}

export function FilterTree({ filters, fields, columns, ops }: Props) {
  const { t } = useTranslation();
  const renderList = (list: FilterRow[], parent: string | null, depth: number) => (
    <div className={`flex flex-col gap-2 ${depth ? 'rounded border border-gray-200 p-2' : ''}`}>
      {list.map((f, i) => (
        <div key={f.id} className="flex items-start gap-2" data-testid="filter-row">
          {i === 0 ? (
            <span className="w-16 pt-1 text-xs text-gray-500">{t('grid.toolbar.where')}</span>
          ) : (
            <Select
              className="w-16"
              size="small"
              value={f.logical_op ?? 'and'}
              options={['and', 'or'].map((v) => ({ value: v, label: v }))}
              onChange={(v) => ops.update(f.id, { logical_op: v })}
            />
          )}
          {f.is_group ? (
            <div className="flex-1">{renderList(f.children ?? [], f.id, depth + 1)}</div>
          ) : (
            <FilterCondition
              filter={f}
              fields={fields}
              columns={columns}
              save={(patch) => ops.update(f.id, patch)}
            />
          )}
          <Button size="small" aria-label={t('grid.toolbar.removeFilter')} onClick={() => ops.remove(f.id)}>
            ×
          </Button>
        </div>
      ))}
      <div className="flex gap-2">
        <Button
          size="small"
          data-testid="filter-add"
          onClick={() => ops.add(parent, newCondition(fields, false))}
        >
          {t('grid.toolbar.addFilter')}
        </Button>
        {depth < 2 && (
          <Button size="small" onClick={() => ops.add(parent, newCondition(fields, true))}>
            {t('grid.toolbar.addFilterGroup')}
          </Button>
        )}
      </div>
    </div>
  );
  return renderList(filters, null, 0);
}
