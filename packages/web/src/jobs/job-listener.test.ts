import type { JobEventReply } from '@rowbase/core/api/jobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenToJob, type JobEventData, type JobListenerDeps } from './job-listener';

type Reply = JobEventReply | JobEventReply[] | Error;

/** A fake server: each listen call takes the next scripted reply, or waits until one is pushed. */
function fakeServer(initialToken: string | null = 't1') {
  const calls: { _mid: number; token: string | null }[] = [];
  const script: Reply[] = [];
  const waiting: ((r: Reply) => void)[] = [];
  let token = initialToken;
  const tokenListeners = new Set<() => void>();
  const deps: JobListenerDeps = {
    listen: (body, signal) => {
      calls.push({ _mid: body._mid, token });
      return new Promise((resolve, reject) => {
        const answer = (r: Reply) => (r instanceof Error ? reject(r) : resolve(r));
        signal.addEventListener('abort', () => reject(new Error('aborted')));
        const next = script.shift();
        if (next) answer(next);
        else waiting.push(answer);
      });
    },
    getToken: () => token,
    subscribeToken: (cb) => {
      tokenListeners.add(cb);
      return () => tokenListeners.delete(cb);
    },
  };
  return {
    deps,
    calls,
    /** Answers the waiting call, or the next one. */
    reply(r: Reply) {
      const w = waiting.shift();
      if (w) w(r);
      else script.push(r);
    },
    setToken(t: string | null) {
      token = t;
      for (const l of tokenListeners) l();
    },
    tokenListenerCount: () => tokenListeners.size,
  };
}

const update = (mid: number, message: string): JobEventReply => ({
  _mid: mid,
  status: 'update',
  data: { id: 'j1', status: 'active', data: { message } },
});
const close = (mid: number): JobEventReply => ({
  _mid: mid,
  status: 'close',
  data: { id: 'j1', status: 'completed', data: { result: { id: 'm1' } } },
});

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('job listener', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function start(server: ReturnType<typeof fakeServer>) {
    const updates: string[] = [];
    const closes: JobEventData[] = [];
    const listening = listenToJob(
      'j1',
      {
        onUpdate: (d) => updates.push(d.data?.message ?? d.status),
        onClose: (d) => closes.push(d),
      },
      server.deps,
    );
    return { updates, closes, listening };
  }

  it('passes updates on, polls again from the last id after refresh and update, and ends at close', async () => {
    const server = fakeServer();
    const { updates, closes } = start(server);
    await flush();
    expect(server.calls.map((c) => c._mid)).toEqual([0]);
    server.reply(update(1, 'step 1'));
    await flush();
    server.reply({ _mid: 1, status: 'refresh' });
    await flush();
    server.reply(update(2, 'step 2'));
    await flush();
    server.reply(close(3));
    await flush();
    expect(updates).toEqual(['step 1', 'step 2']);
    expect(closes).toEqual([close(3).data]);
    expect(server.calls.map((c) => c._mid)).toEqual([0, 1, 1, 2]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.calls).toHaveLength(4);
    expect(server.tokenListenerCount()).toBe(0);
  });

  it('passes each update of a list on, keeps polling from the last id, and stops at a close in a list', async () => {
    const server = fakeServer();
    const { updates, closes } = start(server);
    server.reply([update(1, 'a'), update(2, 'b')]);
    await flush();
    expect(updates).toEqual(['a', 'b']);
    expect(server.calls.map((c) => c._mid)).toEqual([0, 2]);
    server.reply([update(3, 'c'), close(4), update(5, 'after the end')]);
    await flush();
    expect(updates).toEqual(['a', 'b', 'c']);
    expect(closes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.calls).toHaveLength(2);
  });

  it('retries a failed call after exactly one second, with the same id', async () => {
    const server = fakeServer();
    start(server);
    server.reply(update(1, 'a'));
    await flush();
    server.reply(new Error('network down'));
    await flush();
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls.map((c) => c._mid)).toEqual([0, 1, 1]);
  });

  it('stops while the token is cleared and starts again from the last id with the new token', async () => {
    const server = fakeServer();
    const { updates } = start(server);
    server.reply(update(1, 'a'));
    await flush();
    server.setToken(null);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.calls).toHaveLength(2); // the call in flight was dropped; none since
    server.reply(update(2, 'lost with the old token'));
    await flush();
    expect(updates).toEqual(['a']);
    server.setToken('t2');
    await flush();
    expect(server.calls.at(-1)).toEqual({ _mid: 1, token: 't2' });
  });

  it('does not poll without a token until one appears', async () => {
    const server = fakeServer(null);
    start(server);
    await vi.advanceTimersByTimeAsync(3000);
    expect(server.calls).toHaveLength(0);
    server.setToken('t1');
    await flush();
    expect(server.calls).toEqual([{ _mid: 0, token: 't1' }]);
  });

  it('stops for good when asked', async () => {
    const server = fakeServer();
    const { listening } = start(server);
    await flush();
    listening.stop();
    server.reply(new Error('x'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.calls).toHaveLength(1);
  });
});
