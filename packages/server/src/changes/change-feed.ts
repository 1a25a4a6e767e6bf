/**
 * The change feed: services publish typed change events once their write is committed, and everything
 * cross-cutting (caches, realtime, later audit, webhooks and the fan-out to other app processes) subscribes.
 * See docs/change-feed.md.
 *
 * After commit: `publish(change, trx)` inside a knex transaction queues the change on that transaction and
 * delivers it when the transaction commits; a rollback drops it. Without a transaction (or with the plain knex,
 * whose statements commit on their own) the change is delivered at once, so call it after the write.
 *
 * Delivery is synchronous and in publish order, so a cache is invalidated before the reply that made the change
 * is even sent. A subscriber's error (thrown or rejected) is logged and never reaches the writer. Subscribers
 * that do slow work (reading rows back, network) must defer it themselves.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { isRowsChange, type Change, type ChangeEvent, type ChangeType } from './change-events.js';

/**
 * What a writer needs of the feed: publishing. Repositories and services take this narrow interface, not the
 * whole feed.
 */
export interface ChangePublisher {
  publish(change: Change, trx?: Knex | Knex.Transaction | null): void;
}

/** What a row writer needs: publishing, and whether to read previous values for the events. */
export interface RowChangePublisher extends ChangePublisher {
  /** Whether a write to the table should read the previous values of the rows it updates or deletes. */
  wantsPreviousValuesFor(tableId: string): boolean;
}

/** For code run without a feed (scripts, unit tests of a repository): changes go nowhere. */
export const NO_PUBLISHER: RowChangePublisher = {
  publish: () => undefined,
  wantsPreviousValuesFor: () => false,
};

export type ChangeListener = (event: ChangeEvent) => void | Promise<void>;

export interface SubscribeOptions {
  /** A name for logs. */
  name?: string;
  /** Only these event types (all when absent). */
  types?: readonly ChangeType[];
  /**
   * Row updates should carry the previous values of the written fields. Costs the writer one read per
   * write, so only subscribers that need them (audit, webhooks) ask; a function asks per table (webhooks
   * need them only for tables with hooks), and is called on every row write, so it must be cheap.
   */
  previousValues?: boolean | ((tableId: string) => boolean);
}

/** Where the feed reports subscriber failures; a pino logger fits. */
export interface FeedLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

interface Subscription {
  listener: ChangeListener;
  name: string;
  types: ReadonlySet<ChangeType> | undefined;
  previousValues: boolean | ((tableId: string) => boolean);
}

/** A knex transaction as the feed sees it: its completion promise and, when nested, its parent. */
interface TransactionLike {
  isTransaction?: boolean;
  executionPromise?: Promise<unknown>;
  parentTransaction?: TransactionLike;
}

export class ChangeFeed implements RowChangePublisher {
  /** This process's id: set on every event it publishes. */
  readonly origin: string;
  private readonly subs: Subscription[] = [];
  private readonly pending = new WeakMap<object, Change[]>();
  private seq = 0;
  private previousWanted = 0;
  private readonly previousAsked: ((tableId: string) => boolean)[] = [];

  constructor(
    private readonly log?: FeedLog,
    origin: string = randomUUID(),
  ) {
    this.origin = origin;
  }

  /**
   * Calls `listener` for every event (of `opts.types`) published from now on; returns the unsubscribe.
   * @example const stop = feed.subscribe((e) => e.type === 'token.changed' && tokens.drop(e.tokenId));
   */
  subscribe(listener: ChangeListener, opts: SubscribeOptions = {}): () => void {
    const sub: Subscription = {
      listener,
      name: opts.name ?? (listener.name || 'subscriber'),
      types: opts.types ? new Set(opts.types) : undefined,
      previousValues: opts.previousValues ?? false,
    };
    this.subs.push(sub);
    if (sub.previousValues === true) this.previousWanted++;
    else if (sub.previousValues) this.previousAsked.push(sub.previousValues);
    return () => {
      const i = this.subs.indexOf(sub);
      if (i < 0) return;
      this.subs.splice(i, 1);
      if (sub.previousValues === true) this.previousWanted--;
      else if (sub.previousValues)
        this.previousAsked.splice(this.previousAsked.indexOf(sub.previousValues), 1);
    };
  }

  /** Whether a subscriber always wants row updates to carry previous values. */
  get wantsPreviousValues(): boolean {
    return this.previousWanted > 0;
  }

  /**
   * Whether a write to the table should read previous values: one read per write serves every subscriber
   * that wants them (docs/change-feed.md).
   */
  wantsPreviousValuesFor(tableId: string): boolean {
    return this.previousWanted > 0 || this.previousAsked.some((wants) => wants(tableId));
  }

  /**
   * Publishes a committed change; inside a transaction, queues it until the transaction commits.
   * @example
   * await db.transaction(async (trx) => {
   *   await tokens.delete(id, trx);
   *   feed.publish({ type: 'token.changed', action: 'deleted', tokenId: id, userId }, trx); // on commit
   * });
   */
  publish(change: Change, trx?: Knex | Knex.Transaction | null): void {
    const tx = trx as TransactionLike | undefined | null;
    if (tx?.isTransaction && tx.executionPromise) this.queue(tx, change);
    else this.deliver(this.envelope(change));
  }

  /**
   * Hands an event that was published elsewhere (another app process, through a fan-out) to this process's
   * subscribers, keeping its origin.
   */
  deliver(event: ChangeEvent): void {
    for (const sub of this.subs) {
      if (sub.types && !sub.types.has(event.type)) continue;
      try {
        const out = sub.listener(event);
        if (out && typeof (out as Promise<void>).catch === 'function')
          (out as Promise<void>).catch((err: unknown) => this.failed(sub, event, err));
      } catch (err) {
        this.failed(sub, event, err);
      }
    }
  }

  private envelope(change: Change): ChangeEvent {
    return { ...change, origin: this.origin, seq: ++this.seq, at: Date.now() } as ChangeEvent;
  }

  private queue(tx: TransactionLike, change: Change): void {
    let list = this.pending.get(tx);
    if (!list) {
      list = [];
      this.pending.set(tx, list);
      const queued = list;
      tx.executionPromise!.then(
        () => this.committed(tx, queued),
        () => undefined, // rolled back: the changes never happened
      );
    }
    addCoalesced(list, change);
  }

  /** A nested transaction's changes wait for its parent; the outermost commit delivers them. */
  private committed(tx: TransactionLike, changes: Change[]): void {
    this.pending.delete(tx);
    const parent = tx.parentTransaction;
    if (parent?.isTransaction && parent.executionPromise) {
      for (const c of changes) this.queue(parent, c);
      return;
    }
    for (const c of changes) this.deliver(this.envelope(c));
  }

  private failed(sub: Subscription, event: ChangeEvent, err: unknown): void {
    this.log?.warn({ err, subscriber: sub.name, type: event.type }, 'change subscriber failed');
  }
}

/**
 * Adds a change to a transaction's queue, folding repeats: one transaction that writes several columns of a
 * table (creating a table writes all of them) publishes one `field.changed` naming them all.
 */
function addCoalesced(list: Change[], change: Change): void {
  if (change.type === 'field.changed') {
    const same = list.find(
      (c): c is Extract<Change, { type: 'field.changed' }> =>
        c.type === 'field.changed' && c.tableId === change.tableId && c.action === change.action,
    );
    if (same) {
      for (const id of change.fieldIds) if (!same.fieldIds.includes(id)) same.fieldIds.push(id);
      if (change.titles) same.titles = [...(same.titles ?? []), ...change.titles];
      return;
    }
    list.push({ ...change, fieldIds: [...change.fieldIds], titles: change.titles && [...change.titles] });
    return;
  }
  if (isRowsChange(change)) {
    list.push(change);
    return;
  }
  const key = JSON.stringify(change);
  if (list.some((c) => c.type === change.type && JSON.stringify(c) === key)) return;
  list.push(change);
}
