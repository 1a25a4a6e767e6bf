/**
 * Copying dashboards (docs/dashboards.md "Duplicating"): a layout with its widgets (their types, configs and
 * grid positions), into the same base or, when a whole dashboard base is duplicated, into the copy. Widgets
 * keep reading the same views. Copies are not shared.
 */
import type { Knex } from 'knex';
import { DashboardsRepo } from './dashboards-repo.js';

/** Copies one layout and its widgets into `toBaseId` under `title`; returns the new layout's id. */
export async function copyLayout(
  db: Knex,
  layoutId: string,
  toBaseId: string,
  title: string,
  userId: string | null,
): Promise<string> {
  return db.transaction(async (trx) => {
    const repo = new DashboardsRepo(trx);
    const copy = await repo.insertLayout(toBaseId, title, userId);
    for (const w of await repo.widgets(layoutId)) {
      await repo.insertWidget(copy.id, w, { x: w.x, y: w.y, w: w.w, h: w.h });
    }
    return copy.id;
  });
}

/** Copies every layout of a dashboard base, in order, into another base; returns how many. */
export async function copyLayouts(
  db: Knex,
  fromBaseId: string,
  toBaseId: string,
  userId: string | null,
): Promise<number> {
  const layouts = await new DashboardsRepo(db).layouts(fromBaseId);
  for (const l of layouts) await copyLayout(db, l.id, toBaseId, l.title, userId);
  return layouts.length;
}
