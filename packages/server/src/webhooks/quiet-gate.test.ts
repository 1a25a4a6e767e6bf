import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { QuietGate } from './quiet-gate.js';

/** Keeps the event loop busy (short synchronous spins between turns) until `ms` have passed. */
async function busyFor(ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const spin = performance.now() + 2;
    while (performance.now() < spin);
    await new Promise((r) => setImmediate(r));
  }
}

/** Resolves with how long after `whenQuiet` the gate released. */
function released(gate: QuietGate): Promise<number> {
  const from = performance.now();
  return new Promise((resolve) => gate.whenQuiet(() => resolve(performance.now() - from)));
}

describe('the quiet gate', () => {
  it('releases after one check when the event loop is idle', async () => {
    const gate = new QuietGate({ checkMs: 10, busyShare: 0.1, holdMaxMs: 500 });
    const after = await released(gate);
    expect(after).toBeGreaterThanOrEqual(9);
    expect(after).toBeLessThan(100);
  });

  it('holds while the event loop is busy, and releases once it is quiet', async () => {
    const gate = new QuietGate({ checkMs: 10, busyShare: 0.1, holdMaxMs: 2000 });
    const release = released(gate);
    await busyFor(300);
    const after = await release;
    expect(after).toBeGreaterThanOrEqual(300);
    expect(after).toBeLessThan(1500);
  });

  it('releases at the end of the hold however busy the event loop is', async () => {
    const gate = new QuietGate({ checkMs: 10, busyShare: 0.1, holdMaxMs: 80 });
    let after: number | undefined;
    void released(gate).then((ms) => (after = ms));
    await busyFor(400);
    expect(after).toBeGreaterThanOrEqual(79);
    expect(after).toBeLessThan(300);
  });

  it('joins calls made while holding into one release, and opens at once when asked', async () => {
    const gate = new QuietGate({ checkMs: 10, busyShare: 0.1, holdMaxMs: 500 });
    let first = 0;
    let second = 0;
    gate.whenQuiet(() => first++);
    gate.whenQuiet(() => second++);
    gate.open();
    expect([first, second]).toEqual([1, 0]);
    gate.open();
    expect(first).toBe(1);
  });
});
