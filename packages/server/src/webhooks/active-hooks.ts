/**
 * The active hooks of each table with their conditions, kept in memory so a row write costs no meta query
 * (docs/webhooks.md "Cost on the write path"). An entry is forgotten when the change feed says a hook of the
 * table, one of their conditions, the table or its fields changed; events from other app processes arrive
 * through the same feed, so every process forgets alike.
 */
import type { FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import type { ChangePublisher } from '../changes/change-feed.js';
import type { AppContext } from '../context.js';
import { FiltersRepo } from '../meta/repos/filters.js';
import { treeOf } from '../services/views/filter-tree.js';
import { HooksRepo, type Hook } from './hooks-repo.js';
import type { HookOperation } from './hook-schemas.js';

export interface ActiveHook {
  hook: Hook;
  /** The hook's conditions; empty when every row is heard. */
  where: FilterNode[];
}

interface Entry {
  value: Promise<ActiveHook[]>;
  /** Set once loaded: the operations any of the table's active hooks hears. */
  operations?: ReadonlySet<HookOperation>;
}

const caches = new WeakMap<Knex, Map<string, Entry>>();

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
  if (hit) return hit.value;
  const entry: Entry = { value: load(db, tableId) };
  cache.set(tableId, entry);
  entry.value.then(
    (hooks) => void (entry.operations = new Set(hooks.flatMap((h) => h.hook.operation))),
    () => void (cache.get(tableId) === entry && cache.delete(tableId)),
  );
  return entry.value;
}

const WITHOUT_PREVIOUS: ReadonlySet<HookOperation> = new Set(['insert', 'bulkInsert', 'trigger']);

/**
 * Whether a write to the table may trigger a hook that is sent previous values (updates and deletes): false
 * only when the table's hooks are known and none hears those. Asked by the writer on every write.
 */
export function mayNeedPreviousValues(db: Knex, tableId: string): boolean {
  const entry = cacheOf(db).get(tableId);
  if (!entry) void activeHooks(db, tableId).catch(() => undefined);
  if (!entry?.operations) return true;
  for (const op of entry.operations) if (!WITHOUT_PREVIOUS.has(op)) return true;
  return false;
}

/** Forgets cached hooks when hooks, their conditions, tables, fields or sources change; returns the unsubscribe. */
export function followHookChanges(ctx: Pick<AppContext, 'db' | 'changes'>): () => void {
  return ctx.changes.subscribe(
    (e) => {
      if (e.type === 'source.changed' || e.type === 'base.changed') cacheOf(ctx.db).clear();
      else if (e.type === 'hook.changed' || e.type === 'table.changed' || e.type === 'field.changed')
        cacheOf(ctx.db).delete(e.tableId);
    },
    {
      name: 'active-hooks',
      types: ['hook.changed', 'table.changed', 'field.changed', 'source.changed', 'base.changed'],
    },
  );
}

/** Tells the feed a hook's conditions changed (the hooks and filter APIs call it for a hook's filters). */
export function publishConditionsChanged(
  ctx: { changes: ChangePublisher },
  hook: { id: string; base_id: string; fk_model_id: string },
): void {
  ctx.changes.publish({
    type: 'hook.changed',
    action: 'updated',
    baseId: hook.base_id,
    tableId: hook.fk_model_id,
    hookId: hook.id,
    conditions: true,
  });
}
