/**
 * Which options the field form offers for a UI type on a source's dialect. Column properties (length, scale,
 * unsigned, auto increment, default value) come from the core registry's `props` refined by the docs/behaviour/fields.md column
 * rules for the physical type the field gets; display options (precision, formats, select options) come from
 * the web cell type's `options`. Components ask here and never switch on the UI type.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import {
  canAutoIncrement,
  canBeUnsigned,
  canHaveDefault,
  defaultLength,
  takesLength,
  takesScale,
} from '@rowbase/core/fields/column-rules';
import type { DbType, Dialect } from '@rowbase/core/fields/field-type';
import { FIELD_TYPES } from '@rowbase/core/fields/registry';
import type { UIType } from '@rowbase/core/fields/ui-types';
import type { MetaOptionKind } from './cell-type';
import { cellTypeOf } from './registry';

export interface ColumnPropsShown {
  /** The physical type the field gets (its current one when the type is unchanged). */
  dbType: DbType | null;
  length: boolean;
  scale: boolean;
  unsigned: boolean;
  autoIncrement: boolean;
  /** Title of another column that already auto-increments: auto increment is then offered but disabled. */
  autoIncrementTakenBy?: string;
  defaultValue: boolean;
  /** docs/behaviour/limits.md default length (shown as the placeholder). */
  defaultLength?: number;
}

/**
 * The column properties shown for a field of type `uidt` in a table of `dialect`.
 * @example columnPropsShown('Number', 'mysql', columns).unsigned // true; on 'pg' false
 */
export function columnPropsShown(
  uidt: UIType,
  dialect: Dialect,
  columns: readonly ColumnMeta[],
  editing?: ColumnMeta,
): ColumnPropsShown {
  const def = FIELD_TYPES[uidt];
  const dbType =
    editing && editing.uidt === uidt && editing.dt
      ? { dt: editing.dt, dtxp: editing.dtxp, dtxs: editing.dtxs }
      : def.dbType(dialect);
  if (!dbType || def.virtual) {
    return {
      dbType: null,
      length: false,
      scale: false,
      unsigned: false,
      autoIncrement: false,
      defaultValue: false,
    };
  }
  const dt = dbType.dt;
  const taken = columns.find((c) => c.ai && c.id !== editing?.id);
  return {
    dbType,
    length: def.props.length && takesLength(dialect, dt),
    scale: def.props.scale && takesScale(dialect, dt),
    unsigned: def.props.unsigned && canBeUnsigned(dialect, dt),
    autoIncrement: def.props.autoIncrement && canAutoIncrement(dt),
    autoIncrementTakenBy: taken?.title,
    defaultValue: def.props.defaultValue && canHaveDefault(dialect, dt),
    defaultLength: defaultLength(dialect, dt),
  };
}

/** The display options the form shows for a type (precision, formats, select options...). */
export function metaOptionsOf(uidt: UIType): readonly MetaOptionKind[] {
  return cellTypeOf(uidt).options ?? [];
}

/** Date display formats of docs/behaviour/fields.md (default first, docs/behaviour/limits.md), with the space-separated and month variants. */
export const DATE_FORMATS = [
  'YYYY/MM/DD',
  'YYYY-MM-DD',
  'DD-MM-YYYY',
  'MM-DD-YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'YYYY MM DD',
  'DD MM YYYY',
  'MM DD YYYY',
  'YYYY-MM',
  'YYYY MM',
] as const;

/** Time display formats (default HH:mm, docs/behaviour/limits.md), and a 12-hour clock. */
export const TIME_FORMATS = ['HH:mm', 'HH:mm:ss', 'hh:mm A'] as const;

/** Decimal places offered for decimal, currency and percent fields. */
export const MAX_PRECISION = 8;
