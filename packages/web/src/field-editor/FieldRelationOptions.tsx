/**
 * Options of the computed field types in the field form: Links (related table and relation kind), Lookup and
 * Rollup (link field, target field, rollup function) and Formula (the expression, with {Field} references).
 */
import type { ColumnMeta, ListReply, TableMeta } from '@rowbase/core/api/meta';
import { linkOptions, optionsKindOf } from '@rowbase/core/fields/col-options';
import { isLink, type UIType } from '@rowbase/core/fields/ui-types';
import { Select } from '../components/still-pickers';
import { useEffect, useState } from 'react';
import { pickableFields } from '../fields/pickable';
import { FormulaEditor } from './formula/FormulaEditor';
import { appTransport } from '../views/grid/use-grid';
import { useTranslation } from 'react-i18next';

interface Props {
  uidt: UIType;
  table: TableMeta;
  /** The field being edited, if any. */
  editing?: ColumnMeta;
  body: Record<string, unknown>;
  set(key: string, value: unknown): void;
}

/** The field a lookup or rollup reads through its link: the body key and the picker's placeholder. */
const TARGET = {
  lookup: { key: 'fk_lookup_column_id', placeholder: 'grid.field.lookupField' },
  rollup: { key: 'fk_rollup_column_id', placeholder: 'grid.field.rollupField' },
} as const;

const ROLLUP_FUNCTIONS = ['count', 'min', 'max', 'avg', 'sum', 'countDistinct', 'sumDistinct', 'avgDistinct'];

/**
 * What the relation selects show before the user touches them. The body must carry the same values: the
 * server's own defaults differ (a link without a type is "has many"), so a form left as shown would save
 * something other than what it said.
 */
const RELATION_DEFAULTS: Partial<Record<UIType, Record<string, string>>> = {
  Links: { type: 'mm' },
  LinkToAnotherRecord: { type: 'mm' },
  Rollup: { rollup_function: 'sum' },
};

/** The relation options of a field being edited, so its form shows what is saved rather than the defaults. */
export function initialRelationOptions(column: ColumnMeta): Record<string, unknown> {
  const o = (column.colOptions ?? {}) as Record<string, unknown>;
  const keys = [
    'type',
    'fk_relation_column_id',
    'fk_lookup_column_id',
    'fk_rollup_column_id',
    'rollup_function',
  ];
  return Object.fromEntries(keys.filter((k) => o[k] !== undefined && o[k] !== null).map((k) => [k, o[k]]));
}

/** The body with the shown defaults filled in where the user left them. */
export function withRelationDefaults(uidt: UIType, body: Record<string, unknown>): Record<string, unknown> {
  const defaults = RELATION_DEFAULTS[uidt] ?? {};
  const out = { ...body };
  for (const [key, value] of Object.entries(defaults)) if (out[key] === undefined) out[key] = value;
  return out;
}

export function FieldRelationOptions({ uidt, table, editing, body, set }: Props) {
  const { t } = useTranslation();
  const [tables, setTables] = useState<TableMeta[]>([]);
  const [related, setRelated] = useState<ColumnMeta[]>([]);
  const kind = optionsKindOf(uidt);
  const links = (table.columns ?? []).filter((c) => isLink(c.uidt));
  const link = links.find((c) => c.id === body.fk_relation_column_id);
  const relatedId = link && linkOptions(link)?.fk_related_model_id;

  useEffect(() => {
    if (kind !== 'link') return;
    void appTransport<ListReply<TableMeta>>('GET', `/api/v1/db/meta/projects/${table.base_id}/tables`).then(
      (r) => setTables(r.list),
      () => setTables([]),
    );
  }, [kind, table.base_id]);

  useEffect(() => {
    if (!relatedId) return setRelated([]);
    void appTransport<TableMeta>('GET', `/api/v1/db/meta/tables/${relatedId}`).then(
      (t) => setRelated(pickableFields(t.columns)),
      () => setRelated([]),
    );
  }, [relatedId]);

  if (kind === 'link')
    return (
      <div className="flex gap-2">
        <Select
          className="flex-1"
          data-testid="field-link-table"
          placeholder={t('grid.field.linkedTable')}
          value={body.childId as string | undefined}
          options={tables.map((t) => ({ value: t.id, label: t.title }))}
          onChange={(v) => {
            set('childId', v);
            set('parentId', table.id);
          }}
        />
        <Select
          className="w-40"
          data-testid="field-link-type"
          value={withRelationDefaults(uidt, body).type as string}
          options={[
            { value: 'mm', label: t('grid.field.manyToMany') },
            { value: 'hm', label: t('grid.field.hasMany') },
            { value: 'bt', label: t('grid.field.belongsTo') },
          ]}
          onChange={(v) => set('type', v)}
        />
      </div>
    );
  if (kind === 'lookup' || kind === 'rollup') {
    const target = TARGET[kind];
    return (
      <div className="flex flex-col gap-2">
        <Select
          data-testid="field-link-field"
          placeholder={t('grid.field.linkField')}
          value={body.fk_relation_column_id as string | undefined}
          options={links.map((c) => ({ value: c.id, label: c.title }))}
          onChange={(v) => set('fk_relation_column_id', v)}
        />
        <Select
          data-testid="field-target-field"
          placeholder={t(target.placeholder)}
          value={body[target.key] as string | undefined}
          options={related.map((c) => ({ value: c.id, label: c.title }))}
          onChange={(v) => set(target.key, v)}
        />
        {kind === 'rollup' && (
          <Select
            data-testid="field-rollup-function"
            value={withRelationDefaults(uidt, body).rollup_function as string}
            options={ROLLUP_FUNCTIONS.map((f) => ({ value: f, label: f }))}
            onChange={(v) => set('rollup_function', v)}
          />
        )}
      </div>
    );
  }
  if (kind === 'formula')
    return (
      <FormulaEditor
        table={table}
        editing={editing}
        value={(body.formula_raw as string | undefined) ?? ''}
        onChange={(v) => set('formula_raw', v)}
      />
    );
  return null;
}
