import { describe, expect, it } from 'vitest';
import { planDrop, stackRange } from './card-moves';

const idOf = (r: string) => r;

describe('kanban card drops', () => {
  it('moves a card within its stack the way a sorted list does, placing the cards up to it', () => {
    const rows = ['a', 'b', 'c', 'd'];
    const down = planDrop({
      fromRows: rows,
      toRows: rows,
      sameStack: true,
      card: 'a',
      over: 'c',
      toComplete: false,
      idOf,
    });
    expect(down).toEqual({ from: ['b', 'c', 'a', 'd'], to: ['b', 'c', 'a', 'd'], placed: ['b', 'c', 'a'] });
    const up = planDrop({
      fromRows: rows,
      toRows: rows,
      sameStack: true,
      card: 'd',
      over: 'b',
      toComplete: false,
      idOf,
    });
    expect(up?.to).toEqual(['a', 'd', 'b', 'c']);
    expect(up?.placed).toEqual(['a', 'd']);
    expect(
      planDrop({ fromRows: rows, toRows: rows, sameStack: true, card: 'b', toComplete: true, idOf }),
    ).toBeUndefined();
    expect(
      planDrop({
        fromRows: rows,
        toRows: rows,
        sameStack: true,
        card: 'b',
        over: 'b',
        toComplete: true,
        idOf,
      }),
    ).toBeUndefined();
  });

  it('puts a card dropped into another stack before the card it lands on, else last or first', () => {
    const from = ['a', 'b'];
    const on = planDrop({
      fromRows: from,
      toRows: ['x', 'y'],
      sameStack: false,
      card: 'b',
      over: 'y',
      toComplete: false,
      idOf,
    });
    expect(on).toEqual({ from: ['a'], to: ['x', 'b', 'y'], placed: ['x', 'b'] });
    const last = planDrop({
      fromRows: from,
      toRows: ['x', 'y'],
      sameStack: false,
      card: 'a',
      toComplete: true,
      idOf,
    });
    expect(last?.to).toEqual(['x', 'y', 'a']);
    expect(last?.placed).toEqual(['x', 'y', 'a']);
    const first = planDrop({
      fromRows: from,
      toRows: ['x', 'y'],
      sameStack: false,
      card: 'a',
      toComplete: false,
      idOf,
    });
    expect(first?.to).toEqual(['a', 'x', 'y']);
    expect(first?.placed).toEqual(['a']);
  });

  it('renders only the cards on screen and a screen either way in a stack of 10,000', () => {
    expect(stackRange(100, 500_000, 600, 10_000)).toEqual({ from: 4994, to: 5012 });
    expect(stackRange(100, 0, 600, 3)).toEqual({ from: 0, to: 3 });
    expect(stackRange(100, 0, 600, 0)).toEqual({ from: 0, to: 0 });
  });
});
