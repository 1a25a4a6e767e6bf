/** The public address of a shared view: forms under /nc/form, grids under /nc/view, others by their kind. */
import { ViewType } from '@rowbase/core/api/meta';

const SEGMENT: Record<number, string> = {
  [ViewType.FORM]: 'form',
  [ViewType.GALLERY]: 'gallery',
  [ViewType.KANBAN]: 'kanban',
  [ViewType.MAP]: 'map',
};

/**
 * @example sharedViewLink('https://rb.example', 1, 'u1') // 'https://rb.example/#/nc/form/u1'
 */
export function sharedViewLink(origin: string, type: number, uuid: string): string {
  return `${origin}/#/nc/${SEGMENT[type] ?? 'view'}/${uuid}`;
}
