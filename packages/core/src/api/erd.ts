/** The schema an ER diagram draws: one source's tables, their fields, and the links between them. */
import type { RelationType, UIType } from '../fields/ui-types.js';

export interface ErdColumn {
  id: string;
  title: string;
  column_name: string | null;
  uidt: UIType;
  dt: string | null;
  pk: boolean;
  pv: boolean;
  rqd: boolean;
  system: boolean;
  /** The child column of a belongs-to / has-many link, or one of a junction table's two columns. */
  fk: boolean;
}

export interface ErdTable {
  id: string;
  title: string;
  table_name: string;
  type: 'table' | 'view';
  /** A junction table of a many-to-many link (hidden in the base, drawn only when asked). */
  mm: boolean;
  columns: ErdColumn[];
}

/** One link field; both sides of a link appear (has-many on one table, belongs-to on the other). */
export interface ErdRelation {
  fk_column_id: string;
  fk_model_id: string;
  type: RelationType;
  fk_related_model_id: string;
  fk_child_column_id: string | null;
  fk_parent_column_id: string | null;
  fk_mm_model_id: string | null;
}

export interface ErdMeta {
  base_id: string;
  source_id: string;
  tables: ErdTable[];
  relations: ErdRelation[];
}
