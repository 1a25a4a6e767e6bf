/**
 * A table's metadata compiled once for the data plane: fields by title / column name / id, the primary key,
 * and per-field decoders and encoders. Row queries never read metadata per request; they use this.
 */
import type { ColumnMeta, TableMeta } from '@rowbase/core/api/meta';
import type { CellContext, CellResult, Dialect, FieldTypeDef, ValueKind } from '@rowbase/core/fields/field-type';
import { FIELD_TYPES } from '@rowbase/core/fields/registry';
import { isRowOrderColumn } from '@rowbase/core/fields/row-order';
import { decoderOf, encoderOf, type Decoder, type Encoder } from './cell-codec.js';
import type { ComputedSql } from './computed/column-sql.js';

export interface FieldModel {
  column: ColumnMeta;
  title: string;
  /** The physical column; null for virtual fields. */
  name: string | null;
  kind: ValueKind;
  def: FieldTypeDef;
  decode: Decoder;
  encode: Encoder;
  /**
   * The registry's check-and-coerce for a non-null value, with its context built once; what
   * `validateCellValue` does per call. Undefined for fields clients cannot write.
   */
  coerce: ((value: unknown) => CellResult) | undefined;
  /** `coerce`'s allocation-free form: the value to store or `INVALID_CELL` (the registry's `convert`). */
  convert: ((value: unknown) => unknown) | undefined;
}

/** A field with a physical column. */
export type StoredField = FieldModel & { name: string };

export interface TableModel {
  id: string;
  baseId: string;
  sourceId: string;
  title: string;
  tableName: string;
  dialect: Dialect;
  /** Rowbase may add indexes: the default source, or an external one whose owner allowed it (docs/performance.md). */
  managed: boolean;
  /** A database view read in as a table: its rows are listed, never written. */
  readOnly?: boolean;
  fields: FieldModel[];
  /** Fields with a column of their own, in display order. */
  stored: StoredField[];
  pk: StoredField | undefined;
  /** The hidden row-order column (`nc_order`) of tables Rowbase created; undefined elsewhere. */
  rowOrder: StoredField | undefined;
  /** A field by title, column name or id (NocoDB clients use all three). */
  field(key: string): FieldModel | undefined;
  /** SQL of computed fields over the source's tables (links, lookups, rollups, formulas); set by the model cache. */
  computed?: ComputedSql;
}

/** Compiles a table with its columns for one dialect. */
export function buildTableModel(
  table: TableMeta,
  columns: readonly ColumnMeta[],
  dialect: Dialect,
  opts: { managed?: boolean } = {},
): TableModel {
  const sorted = [...columns].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const fields: FieldModel[] = sorted.map((column) => {
    const def = FIELD_TYPES[column.uidt] as FieldTypeDef;
    const kind = def?.kind ?? 'text';
    const stored = column.column_name && !def?.virtual;
    const cellContext: CellContext = {
      column: {
        title: column.title,
        uidt: column.uidt,
        dtxp: column.dtxp ?? null,
        dtxs: column.dtxs ?? null,
        meta: column.meta ?? null,
        colOptions: column.colOptions ?? null,
        rqd: column.rqd ?? false,
      },
      dialect,
    };
    const coerceFn = def?.coerce;
    const convertFn = def?.convert;
    return {
      column,
      title: column.title,
      name: stored ? column.column_name : null,
      kind,
      def,
      decode: decoderOf(kind, dialect),
      encode: encoderOf(kind, dialect),
      coerce: coerceFn ? (value: unknown) => coerceFn(value, cellContext) : undefined,
      convert: convertFn ? (value: unknown) => convertFn(value, cellContext) : undefined,
    };
  });
  const stored = fields.filter((f): f is StoredField => f.name !== null);
  const byKey = new Map<string, FieldModel>();
  // Ids and column names first, titles last: a title wins when it collides with another field's column name.
  for (const f of fields) byKey.set(f.column.id, f);
  for (const f of stored) byKey.set(f.name, f);
  for (const f of fields) byKey.set(f.title, f);
  return {
    id: table.id,
    baseId: table.base_id,
    sourceId: table.source_id,
    title: table.title,
    tableName: table.table_name,
    dialect,
    managed: opts.managed ?? false,
    readOnly: table.type === 'view',
    fields,
    stored,
    pk: stored.find((f) => f.column.pk),
    rowOrder: stored.find((f) => isRowOrderColumn(f.column)),
    field: (key) => byKey.get(key),
  };
}
