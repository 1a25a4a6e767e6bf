/**
 * The contract every UI type implements (docs/architecture.md). One definition per type lives in
 * `types/<type>.ts`; `registry.ts` maps every UI type to its definition, typed so a missing one fails to compile.
 * Query code dispatches on `kind`, never on the UI type.
 */
import type { ColumnMeta } from '../api/meta.js';
import type { UIType } from './ui-types.js';

/** What kind of value a cell holds; the data plane switches on this, not on the UI type. */
export type ValueKind =
  | 'id'
  | 'text'
  | 'longtext'
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'time'
  | 'year'
  | 'select'
  | 'multiselect'
  | 'json'
  | 'attachment'
  | 'geo'
  | 'user'
  | 'link'
  | 'lookup'
  | 'rollup'
  | 'formula'
  | 'computed';

/** SQL dialects a source can speak. The first three run for real here; the rest are SQL-generation only. */
export const DIALECTS = ['sqlite', 'pg', 'mysql', 'mssql', 'oracle', 'snowflake'] as const;
export type Dialect = (typeof DIALECTS)[number];

/** A physical column type: `dt` plus its length/precision (`dtxp`) and scale (`dtxs`). */
export interface DbType {
  dt: string;
  dtxp?: string | number | null;
  dtxs?: string | number | null;
}

/** Aggregations of docs/behaviour/fields.md. */
export const ALL_AGGREGATIONS = [
  'sum',
  'count',
  'min',
  'max',
  'avg',
  'countDistinct',
  'sumDistinct',
  'avgDistinct',
] as const;
export type Aggregation = (typeof ALL_AGGREGATIONS)[number];

/** Which column properties the type editor offers for this UI type (refined per dialect by column-rules.ts). */
export interface ColumnProps {
  length: boolean;
  scale: boolean;
  unsigned: boolean;
  autoIncrement: boolean;
  autoUpdate: boolean;
  defaultValue: boolean;
}

/** The result of validating and coercing one cell value. */
export type CellResult = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * What a field type's `convert` answers for a value it refuses; the reason is then asked of `coerce` (the same
 * rules, with the message). See docs/imports.md, "Speed".
 */
export const INVALID_CELL: unique symbol = Symbol('invalid cell');

/** `coerce` without the result object: the stored value, or `INVALID_CELL`. Nothing is allocated per call. */
export type CellConverter = (value: unknown, ctx: CellContext) => unknown;

/** What a validator may look at besides the value. */
export interface CellContext {
  column: Pick<ColumnMeta, 'title' | 'uidt' | 'dtxp' | 'dtxs' | 'meta' | 'colOptions' | 'rqd'>;
  dialect?: Dialect;
}

/**
 * What a field's `colOptions` holds, by the kind of options its type carries (see `col-options.ts`, which
 * narrows a column's options through this registry instead of a cast at every use).
 */
export type ColOptionsKind = 'link' | 'count' | 'lookup' | 'rollup' | 'formula' | 'select' | 'code';

/** How the row queries compute a field's value in SQL (data/computed on the server). */
export type ComputedBy = 'link' | 'count' | 'lookup' | 'rollup' | 'formula';

export interface FieldTypeDef<K extends UIType = UIType> {
  uidt: K;
  kind: ValueKind;
  /** The shape of `colOptions` for this type; absent when it has none. */
  options?: ColOptionsKind;
  /**
   * A time stamp Rowbase fills in: `created` when the row is inserted (CreateTime), `modified` on insert and
   * on every update (LastModifiedTime). Both default to the current time in the database.
   */
  stamp?: 'created' | 'modified';
  /** Set for types the row queries compute in SQL from other fields (links, lookups, rollups, formulas). */
  computedBy?: ComputedBy;
  /** No column of its own in the table: computed on read (links, lookups, rollups, formulas...). */
  virtual: boolean;
  /** Default physical type per dialect (docs/behaviour/limits.md); null for virtual types. */
  dbType: (dialect: Dialect) => DbType | null;
  props: ColumnProps;
  /**
   * Validate and coerce a written value into what the database stores. Absent for computed types,
   * which refuse writes. Null/undefined never reach this hook (see `validateCellValue`).
   */
  coerce?: (value: unknown, ctx: CellContext) => CellResult;
  /**
   * The same check as `coerce` for the bulk paths (imports): the value or `INVALID_CELL`, no result object.
   * Filled in by `storedField` from a coercer made with `cellCoercer`, else from `coerce` itself.
   */
  convert?: CellConverter;
  aggregations: readonly Aggregation[];
  /** Comparison operators of the `where` syntax this type accepts. */
  filterOps: readonly string[];
  /**
   * Stored values are checked so that they cannot hold a spreadsheet formula (a phone number's leading `+` is
   * part of the number): exports write them as they are instead of escaping a leading = + - @.
   */
  formulaSafe?: boolean;
  /** The physical column behind a belongs-to link: created and deleted with its link field, never on its own. */
  foreignKey?: true;
  /**
   * The user names the physical type: any `dt` is taken as given (even one the dialect's list does not know),
   * and a default value is passed to the database unchecked.
   */
  anyDbType?: true;
  /** The JSON Schema `format` of its values in the API docs (an e-mail address, a URL). */
  jsonFormat?: 'email' | 'uri';
  /**
   * How a field of this type stands as a table's display value. When none is chosen, `first` is picked before
   * anything else (single line text) and `also` when no `first` comes before it (long text); `never` cannot be
   * the display value at all (links, files, JSON, buttons, codes, shapes); absent may be chosen by the user.
   */
  displayCandidate?: 'first' | 'also' | 'never';
  /** Rows cannot be sorted by a field of this type (buttons, files, JSON documents, shapes). */
  unsortable?: true;
  /** The largest value a field of this type holds, from its meta (a rating's `meta.max`); absent: no bound. */
  maxValue?: (meta: unknown) => number;
}
