/**
 * Who is waiting for their next notification (NocoDB's long poll, `GET /api/v1/notifications/poll`): the
 * notifications store wakes the waiters of a user when it adds notifications for them. In-process only; a poll
 * that times out answers `refresh`, so a client re-polls and, after a refresh, reads its list.
 */
import type { Knex } from 'knex';

type Waiter = (notification: Record<string, unknown>) => void;

const byDb = new WeakMap<Knex, Map<string, Set<Waiter>>>();

function waitersOf(db: Knex): Map<string, Set<Waiter>> {
  let m = byDb.get(db);
  if (!m) byDb.set(db, (m = new Map()));
  return m;
}

/** Registers a waiter for a user's next notification; returns the function that removes it. */
export function waitForNotification(db: Knex, userId: string, waiter: Waiter): () => void {
  const all = waitersOf(db);
  let set = all.get(userId);
  if (!set) all.set(userId, (set = new Set()));
  set.add(waiter);
  return () => {
    set.delete(waiter);
    if (!set.size && all.get(userId) === set) all.delete(userId);
  };
}

/** Wakes (and removes) every waiter of the user with the new notification. */
export function wakeWaiters(db: Knex, userId: string, notification: Record<string, unknown>): void {
  const set = waitersOf(db).get(userId);
  if (!set) return;
  waitersOf(db).delete(userId);
  for (const w of set) w(notification);
}
