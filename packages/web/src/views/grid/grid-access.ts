/**
 * What the person looking at a grid may change, derived from the declarative permissions in core, so the grid
 * offers only what the server would accept: a viewer or commenter only looks, an editor changes rows and the
 * view's sorts and filters but not the table's fields, a creator or owner changes everything.
 */
import type { Permission } from '@rowbase/core/permissions/matrix';

export interface GridAccess {
  /** Type into cells, paste, add, insert and delete rows. */
  editData: boolean;
  /** Add, edit, duplicate and delete fields; set the display value. */
  editSchema: boolean;
}

export const FULL_GRID_ACCESS: GridAccess = { editData: true, editSchema: true };
export const NO_GRID_ACCESS: GridAccess = { editData: false, editSchema: false };

/** @example gridAccessOf((p) => can({ base: { editor: true } }, p)) // { editData: true, editSchema: false } */
export function gridAccessOf(allowed: (permission: Permission) => boolean): GridAccess {
  return { editData: allowed('dataEdit'), editSchema: allowed('fieldAdd') && allowed('fieldEdit') };
}
