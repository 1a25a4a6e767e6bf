/**
 * Carries the change feed between app processes over Redis pub/sub: every event committed in this process is
 * published on one channel, and every event another process published is handed to this process's
 * subscribers (`ChangeFeed.deliver`), so their caches (table models, counts, access lookups) are retired and
 * their sockets told, as if the change had been made here. See docs/scaling.md.
 */
import type { Logger } from 'pino';
import type { ChangeEvent } from '../changes/change-events.js';
import type { ChangeFeed } from '../changes/change-feed.js';
import { newRedis } from './redis-client.js';

export interface ChangeFanout {
  /** Resolves once Redis has taken every event published so far (and so passed it to every process). */
  flushed(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the fan-out; resolves once this process listens, so no event published later is missed. */
export async function startRedisChangeFanout(
  feed: ChangeFeed,
  opts: { url: string; prefix: string; log: Logger },
): Promise<ChangeFanout> {
  const channel = `${opts.prefix}:changes`;
  const pub = newRedis(opts.url, { lazyConnect: false });
  const sub = newRedis(opts.url, { lazyConnect: false });
  pub.on('error', (err) => opts.log.warn({ err }, 'change fan-out: redis publisher error'));
  sub.on('error', (err) => opts.log.warn({ err }, 'change fan-out: redis subscriber error'));
  sub.on('message', (ch: string, text: string) => {
    if (ch !== channel) return;
    let event: ChangeEvent;
    try {
      event = JSON.parse(text) as ChangeEvent;
    } catch (err) {
      opts.log.warn({ err }, 'change fan-out: unreadable event');
      return;
    }
    // Our own events come back through the channel too; they were delivered here when committed.
    if (event.origin === feed.origin) return;
    feed.deliver(event);
  });
  await sub.subscribe(channel);
  const pending = new Set<Promise<unknown>>();
  const stop = feed.subscribe(
    (event) => {
      if (event.origin !== feed.origin) return;
      // The writer's reply waits for `flushed()`: once Redis acknowledged, it has already written the event
      // to every subscribed process, so the client's next request anywhere meets retired caches.
      const sent = pub.publish(channel, JSON.stringify(event)).catch((err: unknown) => {
        opts.log.warn({ err }, 'change fan-out: publish failed');
      });
      pending.add(sent);
      void sent.finally(() => pending.delete(sent));
    },
    { name: 'redis-fanout' },
  );
  return {
    flushed: async () => {
      if (pending.size) await Promise.all([...pending]);
    },
    close: async () => {
      stop();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
