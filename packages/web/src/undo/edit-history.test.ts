import { describe, expect, it } from 'vitest';
import { EditHistory, type HistoryEntry } from './edit-history';

/** An entry that logs its steps; `hold` makes the next step wait until `release` is called. */
function entry(label: string, log: string[]) {
  let gate: Promise<void> | undefined;
  let open: (() => void) | undefined;
  let fail = false;
  const step = (what: string) => async () => {
    if (gate) await gate;
    if (fail) throw new Error(`${label} refused`);
    log.push(`${what} ${label}`);
  };
  const e: HistoryEntry & { hold(): void; release(): void; failNext(): void } = {
    label,
    undo: step('undo'),
    redo: step('redo'),
    hold: () => (gate = new Promise((r) => (open = r))),
    release: () => {
      gate = undefined;
      open?.();
    },
    failNext: () => (fail = true),
  };
  return e;
}

describe('EditHistory', () => {
  it('undoes an edit made while a redo was still saving, not the redo', async () => {
    const log: string[] = [];
    const h = new EditHistory();
    const paste = entry('paste', log);
    h.push(paste);
    await h.undo();
    paste.hold();
    const redoing = h.redo(); // its save is in flight...
    await Promise.resolve();
    const clear = entry('clear', log);
    h.push(clear); // ...when the user presses Delete
    paste.release();
    await redoing;
    await h.undo();
    expect(log).toEqual(['undo paste', 'redo paste', 'undo clear']);
    await h.undo();
    expect(log.at(-1)).toBe('undo paste');
  });

  it('keeps a failed undo below an edit made meanwhile (the newer edit is undone next)', async () => {
    const log: string[] = [];
    const h = new EditHistory();
    const a = entry('a', log);
    const b = entry('b', log);
    h.push(a);
    h.push(b);
    b.hold();
    b.failNext();
    const undoing = h.undo();
    await Promise.resolve();
    const c = entry('c', log);
    h.push(c);
    b.release();
    await expect(undoing).rejects.toThrow('b refused');
    expect(h.canRedo).toBe(false);
    await h.undo();
    expect(log).toEqual(['undo c']);
  });
});
