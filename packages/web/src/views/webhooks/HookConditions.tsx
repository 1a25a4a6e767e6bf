/**
 * The conditions part of the webhook form: the grid filter menu's builder (FilterTree), editing a tree kept in
 * the form and saved with the hook (hook-conditions.ts). No condition: every record is sent.
 */
import type { TableMeta } from '@rowbase/core/api/meta';
import { useTranslation } from 'react-i18next';
import { pickableFields } from '../../fields/pickable';
import { FilterTree, type FilterTreeOps } from '../grid/toolbar/FilterTree';
import type { FilterRow } from '../grid/view-settings';
import { addCondition, changeCondition, removeCondition } from './hook-conditions';

interface Props {
  table: TableMeta;
  conditions: FilterRow[];
  onChange(next: FilterRow[]): void;
}

export function HookConditions({ table, conditions, onChange }: Props) {
  const { t } = useTranslation();
  const ops: FilterTreeOps = {
    add: (parent, body) => onChange(addCondition(conditions, parent, body)),
    update: (id, patch) => onChange(changeCondition(conditions, id, patch)),
    remove: (id) => onChange(removeCondition(conditions, id)),
  };
  return (
    <div className="mb-4" data-testid="webhook-conditions">
      <div className="mb-1">{t('webhooks.conditions')}</div>
      <div className="mb-2 text-xs text-gray-500">{t('webhooks.conditionsHint')}</div>
      <FilterTree
        filters={conditions}
        fields={pickableFields(table.columns, false)}
        columns={table.columns ?? []}
        ops={ops}
      />
    </div>
  );
}
