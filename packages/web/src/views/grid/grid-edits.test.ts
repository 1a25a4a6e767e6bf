import { describe, expect, it } from 'vitest';
import { EditHistory } from '../../undo/edit-history';
import { GridEdits, type RowWriter, toPatches } from './grid-edits';
import { RowCache } from './row-cache';

/** A real in-memory table behind both the cache's reads and the writer's writes. */
function memoryTable(n: number) {
  let rows = Array.from(
    { length: n },
    (_, i) => ({ Id: i + 1, Title: `t${i + 1}`, Qty: i }) as Record<string, unknown>,
  );
  let nextId = n + 1;
  let failNext = false;
  const patches: Record<string, unknown>[][] = [];
  const writer: RowWriter = {
    async update(list) {
      patches.push(list);
      if (failNext) {
        failNext = false;
        throw new Error('Validation failed : isEmail');
      }
      for (const p of list)
        Object.assign(
          rows.find((r) => r.Id === p.Id)!,
          p,
        );
    },
    async insert(list, before) {
      const ids = list.map(() => nextId++);
      const made = list.map((r, i) => ({ ...r, Id: ids[i] }));
      const at = before === undefined ? rows.length : rows.findIndex((r) => r.Id === before);
      if (at < 0) throw new Error(`Record '${String(before)}' given as 'before' not found`);
      rows.splice(at, 0, ...made);
      return ids;
    },
    async remove(ids) {
      rows = rows.filter((r) => !ids.includes(r.Id));
    },
  };
  const cache = new RowCache(
    {
      fetchRows: async (offset, limit) => rows.slice(offset, offset + limit).map((r) => ({ ...r })),
      fetchCount: async () => rows.length,
    },
    ['Title', 'Qty'],
    { chunkSize: 10, prefetchChunks: 0 },
  );
  const history = new EditHistory();
  const edits = new GridEdits(cache, writer, history);
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    cache,
    history,
    edits,
    patches,
    settle,
    rows: () => rows,
    failNextWrite: () => (failNext = true),
  };
}

describe('GridEdits', () => {
  it('shows an edit at once, saves it in one request, and undoes and redoes it', async () => {
    const t = memoryTable(20);
    t.cache.ensure(0, 9);
    await t.settle();
    const saving = t.edits.setCells([
      { row: 0, col: 0, value: 'A' },
      { row: 0, col: 1, value: 7 },
      { row: 1, col: 0, value: 'B' },
    ]);
    expect(t.cache.get(0, 0)).toBe('A'); // optimistic
    await saving;
    expect(t.patches).toEqual([
      [
        { Id: 1, Title: 'A', Qty: 7 },
        { Id: 2, Title: 'B' },
      ],
    ]);
    expect(t.rows()[0]).toMatchObject({ Title: 'A', Qty: 7 });

    await t.history.undo();
    expect(t.cache.get(0, 0)).toBe('t1');
    expect(t.rows()[1]!.Title).toBe('t2');
    await t.history.redo();
    expect(t.cache.get(1, 0)).toBe('B');
    expect(t.rows()[1]!.Title).toBe('B');
  });

  it('undoes the latest edit even when Ctrl+Z comes before its save has answered', async () => {
    const t = memoryTable(5);
    t.cache.ensure(0, 4);
    await t.settle();
    await t.edits.setCells([{ row: 0, col: 0, value: 'first' }]);
    const saving = t.edits.setCells([{ row: 1, col: 0, value: 'second' }]);
    const undoing = t.history.undo(); // pressed before the second save resolved
    await saving;
    await undoing;
    expect(t.rows()[1]!.Title).toBe('t2');
    expect(t.rows()[0]!.Title).toBe('first');
  });

  it('rolls back an edit the server refuses and keeps it out of the history', async () => {
    const t = memoryTable(5);
    t.cache.ensure(0, 4);
    await t.settle();
    t.failNextWrite();
    await expect(t.edits.setCells([{ row: 2, col: 0, value: 'bad' }])).rejects.toThrow('isEmail');
    expect(t.cache.get(2, 0)).toBe('t3');
    expect(t.history.canUndo).toBe(false);
  });

  it('deletes rows and brings them back on undo', async () => {
    const t = memoryTable(5);
    t.cache.ensure(0, 4);
    await t.settle();
    await t.edits.deleteRows([1, 2]);
    expect(t.rows().map((r) => r.Title)).toEqual(['t1', 't4', 't5']);
    await t.settle();
    expect(t.cache.get(1, 0)).toBe('t4');
    await t.history.undo();
    expect(t.rows().map((r) => r.Title)).toEqual(['t1', 't4', 't5', 't2', 't3']);
    await t.history.redo();
    expect(t.rows()).toHaveLength(3);
  });

  it('inserts a row and undoes the insert', async () => {
    const t = memoryTable(2);
    const [id] = await t.edits.insertRows([{ Title: 'new' }]);
    expect(t.rows().find((r) => r.Id === id)?.Title).toBe('new');
    await t.history.undo();
    expect(t.rows()).toHaveLength(2);
  });

  it('groups patches by row', () => {
    expect(
      toPatches([
        { id: 1, key: 'a', value: 1 },
        { id: 2, key: 'a', value: 2 },
        { id: 1, key: 'b', value: 3 },
      ]),
    ).toEqual([
      { Id: 1, a: 1, b: 3 },
      { Id: 2, a: 2 },
    ]);
  });

  it('inserts an empty row between others at once, and undo deletes it and redo puts it back there', async () => {
    const t = memoryTable(25);
    t.cache.loadCount();
    t.cache.ensure(0, 24);
    await t.settle();
    const id = await t.edits.insertRowAt({ index: 3, before: 4 });
    // Shown at its place before any refetch: rows after it moved down, across chunk borders.
    expect(t.cache.rowId(3)).toBe(id);
    expect(t.cache.get(4, 0)).toBe('t4');
    expect(t.cache.get(10, 0)).toBe('t10');
    expect(t.cache.rowCount).toBe(26);
    expect(
      t
        .rows()
        .map((r) => r.Id)
        .slice(2, 5),
    ).toEqual([3, id, 4]);
    // The user types into it; undo (the edit, then the insert) deletes the row.
    await t.edits.setCells([{ row: 3, col: 0, value: 'typed' }]);
    await t.history.undo();
    await t.history.undo();
    await t.settle();
    expect(t.rows().some((r) => r.Id === id)).toBe(false);
    expect(t.cache.rowId(3)).toBe(4);
    expect(t.cache.rowCount).toBe(25);
    // Redo re-inserts it before the same row.
    await t.history.redo();
    const again = t.cache.rowId(3);
    expect(again).not.toBe(id);
    expect(t.rows()[3]!.Id).toBe(again);
    expect(t.cache.get(4, 0)).toBe('t4');
  });

  it('appends when inserting after the last row', async () => {
    const t = memoryTable(5);
    t.cache.loadCount();
    t.cache.ensure(0, 9);
    await t.settle();
    const id = await t.edits.insertRowAt({ index: 5 });
    expect(t.cache.rowId(5)).toBe(id);
    expect(t.rows().at(-1)!.Id).toBe(id);
    expect(t.cache.rowCount).toBe(6);
  });
});
