/**
 * The meta entities as the API sends them, with NocoDB's field names so that NocoDB clients read them
 * unchanged. Server repositories produce these; the web and the data plane consume them.
 */
import type { RelationType, UIType } from '../fields/ui-types.js';

export type SourceClient = 'sqlite3' | 'pg' | 'mysql2' | 'mysql' | 'mssql' | 'oracledb' | 'snowflake';

export interface BaseMeta {
  id: string;
  title: string;
  description?: string | null;
  prefix?: string | null;
  status?: string | null;
  type: 'database' | 'documentation' | 'cowriter' | 'dashboard';
  color?: string | null;
  meta?: Record<string, unknown> | null;
  order?: number | null;
  deleted?: boolean;
  fk_workspace_id?: string | null;
  sources?: SourceMeta[];
  created_at?: string | number;
  updated_at?: string | number;
}

export interface SourceMeta {
  id: string;
  base_id: string;
  alias: string | null;
  type: SourceClient;
  is_meta: boolean;
  enabled: boolean;
  order?: number | null;
  inflection_column?: string | null;
  inflection_table?: string | null;
  /** 0 creating, 1 created, 2 deleting, 3 deleted, 4 failed (docs/behaviour/limits.md#codes-and-enumerations). */
  status?: number | null;
  /** Rowbase may add automatic indexes here: always in the default source, elsewhere when the owner allowed it. */
  auto_index?: boolean;
}

export interface TableMeta {
  id: string;
  base_id: string;
  source_id: string;
  table_name: string;
  title: string;
  type: 'table' | 'view';
  mm?: boolean;
  meta?: Record<string, unknown> | null;
  order?: number | null;
  pinned?: boolean;
  enabled?: boolean;
  columns?: ColumnMeta[];
  views?: ViewMeta[];
}

/** Options of link columns (`colOptions` of Links / LinkToAnotherRecord). */
export interface LinkOptions {
  type: RelationType;
  fk_column_id?: string;
  fk_child_column_id: string;
  fk_parent_column_id: string;
  fk_related_model_id: string;
  fk_mm_model_id?: string | null;
  fk_mm_child_column_id?: string | null;
  fk_mm_parent_column_id?: string | null;
  virtual?: boolean;
}

export interface LookupOptions {
  fk_relation_column_id: string;
  fk_lookup_column_id: string;
}

/** Options of a Count field: the link whose records it counts. */
export interface CountOptions {
  fk_relation_column_id: string;
}

export interface RollupOptions {
  fk_relation_column_id: string;
  fk_rollup_column_id: string;
  rollup_function: 'count' | 'min' | 'max' | 'avg' | 'sum' | 'countDistinct' | 'sumDistinct' | 'avgDistinct';
}

export interface FormulaOptions {
  /** As stored: field references by id, `{cXXXX}`. */
  formula: string;
  /** As shown: field references by title, `{Price}`. */
  formula_raw: string;
  error?: string | null;
  parsed_tree?: unknown;
}

export interface SelectOption {
  id?: string;
  title: string;
  color?: string;
  order?: number;
}

export interface SelectOptions {
  options: SelectOption[];
}

/**
 * Options of a QR code (`fk_qr_value_column_id`) or barcode (`fk_barcode_value_column_id`, `barcode_format`):
 * the field it encodes (docs/behaviour/fields.md).
 */
export interface CodeOptions {
  fk_qr_value_column_id?: string;
  fk_barcode_value_column_id?: string;
  barcode_format?: string;
}

export type ColumnOptions =
  LinkOptions | CountOptions | LookupOptions | RollupOptions | FormulaOptions | SelectOptions | CodeOptions;

export interface ColumnMeta {
  id: string;
  fk_model_id: string;
  base_id?: string;
  source_id?: string;
  /** The database column; null for virtual columns. */
  column_name: string | null;
  title: string;
  uidt: UIType;
  dt?: string | null;
  dtx?: string | null;
  ct?: string | null;
  np?: string | number | null;
  ns?: string | number | null;
  clen?: string | number | null;
  dtxp?: string | number | null;
  dtxs?: string | number | null;
  pk: boolean;
  pv: boolean;
  rqd: boolean;
  un: boolean;
  ai: boolean;
  au?: boolean;
  unique?: boolean;
  system: boolean;
  cdf?: string | null;
  meta?: Record<string, unknown> | null;
  validate?: { func: string[]; args: unknown[]; msg: string[] } | null;
  colOptions?: ColumnOptions | null;
  order?: number | null;
  altered?: number;
  /** An automatic index covers this field (docs/performance.md); set on a table's meta reply. */
  auto_indexed?: boolean;
}

/** View types by number (docs/behaviour/views.md; calendar 6). */
export const ViewType = { FORM: 1, GALLERY: 2, GRID: 3, KANBAN: 4, MAP: 5, CALENDAR: 6 } as const;
export type ViewType = (typeof ViewType)[keyof typeof ViewType];

export interface ViewMeta {
  id: string;
  fk_model_id: string;
  base_id: string;
  source_id: string;
  title: string;
  type: ViewType;
  is_default: boolean;
  show_system_fields: boolean;
  lock_type: 'collaborative' | 'locked' | 'personal';
  /** Who created the view or made it personal; a personal view's settings change only through them. */
  owned_by?: string | null;
  uuid: string | null;
  meta?: Record<string, unknown> | null;
  order?: number | null;
}

/** `pageInfo` of list replies. */
export interface PageInfo {
  totalRows?: number;
  page?: number;
  pageSize: number;
  isFirstPage: boolean;
  isLastPage: boolean;
}

export interface ListReply<T> {
  list: T[];
  pageInfo: PageInfo;
}
