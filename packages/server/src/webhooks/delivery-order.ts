/**
 * Keeps each hook's deliveries in commit order within a process: the dispatcher reserves a ticket per
 * delivery (in commit order); the delivery job waits for the hook's previous ticket to be released (sent, or
 * given up after its retries) before sending. A job run by another process, or after a restart, holds no
 * ticket here and sends at once. See docs/webhooks.md "Order".
 */
import { randomUUID } from 'node:crypto';

/** A delivery never waits longer than this for the one before it (a job lost before it ran releases nothing). */
const MAX_WAIT_MS = 5 * 60_000;

interface Ticket {
  previous: Promise<void>;
  release: () => void;
}

export class DeliveryOrder {
  private readonly latest = new Map<string, Promise<void>>();
  private readonly tickets = new Map<string, Ticket>();

  /** Reserves the next place in a hook's line; the ticket goes into the delivery job's input. */
  reserve(hookId: string): string {
    const previous = this.latest.get(hookId) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    this.latest.set(hookId, mine);
    void mine.then(() => {
      if (this.latest.get(hookId) === mine) this.latest.delete(hookId);
    });
    const id = randomUUID();
    this.tickets.set(id, { previous, release });
    return id;
  }

  /** Gives a place up without sending (the job could not be enqueued). */
  release(ticket: string | undefined): void {
    if (!ticket) return;
    this.tickets.get(ticket)?.release();
    this.tickets.delete(ticket);
  }

  /** Runs `send` once the deliveries before it are done. */
  async inTurn<T>(ticket: string | undefined, send: () => Promise<T>): Promise<T> {
    const t = ticket ? this.tickets.get(ticket) : undefined;
    if (!t) return send();
    this.tickets.delete(ticket!);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([t.previous, new Promise<void>((r) => (timer = setTimeout(r, MAX_WAIT_MS)))]);
    clearTimeout(timer);
    try {
      return await send();
    } finally {
      t.release();
    }
  }
}
