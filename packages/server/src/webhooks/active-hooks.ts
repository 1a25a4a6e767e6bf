/**
 * The active hooks of each table with their conditions, kept in memory so a row write costs no meta query:
 * the hooks API forgets a table's entry when one of its hooks or their conditions change, and entries live
 * at most a few seconds, which bounds staleness from changes made by another app process.
 */
import type { FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import { FiltersRepo } from '../meta/repos/filters.js';
import { treeOf } from '../services/views/filter-tree.js';
import { HooksRepo, type Hook } from './hooks-repo.js';

const TTL_MS = 3000;

export interface ActiveHook {
  hook: Hook;
  /** The hook's conditions; empty when every row is heard. */
  where: FilterNode[];
}

const caches = new WeakMap<Knex, Map<string, { at: number; value: Promise<ActiveHook[]> }>>();

function cacheOf(db: Knex) {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new Map()));
  return c;
}

async function load(db: Knex, tableId: string): Promise<ActiveHook[]> {
  const hooks = await new HooksRepo(db).activeForTable(tableId);
  const filters = new FiltersRepo(db);
  return Promise.all(hooks.map(async (hook) => ({ hook, where: treeOf(await filters.listByHook(hook.id)) })));
}

export function activeHooks(db: Knex, tableId: string): Promise<ActiveHook[]> {
  const cache = cacheOf(db);
  const hit = cache.get(tableId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = load(db, tableId);
  cache.set(tableId, { at: Date.now(), value });
  value.catch(() => cache.delete(tableId));
  return value;
}

/** Called by the hooks API after a hook or one of its conditions changed. */
export function forgetHooks(db: Knex, tableId: string): void {
  cacheOf(db).delete(tableId);
}
