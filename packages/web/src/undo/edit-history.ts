/**
 * Undo and redo for everything the grid changes: cell edits (one entry per edit, paste or fill), row inserts
 * and deletes, and field or view settings (pushed by the menus and toolbar through `push`).
 * An entry knows how to undo and redo itself; both are async calls to the server.
 */

export interface HistoryEntry {
  /** Shown in a toast, e.g. "Edit 3 cells". */
  label: string;
  undo(): Promise<void>;
  redo(): Promise<void>;
}

export class EditHistory {
  private done: HistoryEntry[] = [];
  private undone: HistoryEntry[] = [];
  /** Serialises undo/redo so a fast Ctrl+Z Ctrl+Z applies in order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly limit = 200) {}

  /** Records an entry that has already been applied; clears the redo stack. */
  push(entry: HistoryEntry): void {
    this.done.push(entry);
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
  }

  /** Forgets an entry whose change never took effect (its save was refused). */
  discard(entry: HistoryEntry): void {
    this.done = this.done.filter((e) => e !== entry);
    this.undone = this.undone.filter((e) => e !== entry);
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** Undoes the latest entry. A failing undo stays on the undo stack so the user can retry. */
  undo(): Promise<HistoryEntry | undefined> {
    return this.step('undo');
  }

  redo(): Promise<HistoryEntry | undefined> {
    return this.step('redo');
  }

  /**
   * Moves the newest entry of `from` to `to` as the step starts, not when its save answers: an edit made while
   * the step's request is in flight (a Delete right after a redo whose reply is still on its way) is pushed
   * above it. Moving it afterwards put the redone entry on top of that newer edit, so the next Ctrl+Z undid
   * the redo instead of the edit. A step that fails goes back where it was.
   */
  private step(kind: 'undo' | 'redo'): Promise<HistoryEntry | undefined> {
    // The stacks are looked up when the step runs, not when the key was pressed: a push in between replaces them.
    const stacks = (): [HistoryEntry[], HistoryEntry[]] =>
      kind === 'undo' ? [this.done, this.undone] : [this.undone, this.done];
    const result = this.queue.then(async () => {
      const [from, to] = stacks();
      const entry = from.pop();
      if (!entry) return undefined;
      const at = from.length;
      to.push(entry);
      try {
        await (kind === 'undo' ? entry.undo() : entry.redo());
      } catch (e) {
        const [fromNow, toNow] = stacks();
        const i = toNow.lastIndexOf(entry);
        if (i >= 0) toNow.splice(i, 1);
        // Back where it was, unless a newer edit has meanwhile cleared the redo stack it came from.
        if (fromNow === from) fromNow.splice(Math.min(at, fromNow.length), 0, entry);
        throw e;
      }
      return entry;
    });
    this.queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  clear(): void {
    this.done = [];
    this.undone = [];
  }
}
