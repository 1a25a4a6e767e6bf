import { describe, expect, it } from 'vitest';
import { inTabOrder, newTableOptions } from './sheet-choices';

const col = (index: number, title: string, uidt = 'SingleLineText') => ({ index, title, uidt });

describe('sheet choices', () => {
  it('keeps the chosen sheets in tab order', () => {
    expect(inTabOrder(['A', 'B', 'C'], ['C', 'A'])).toEqual(['A', 'C']);
  });

  it('sends the title and columns alone for a file that is not a workbook of several sheets', () => {
    expect(newTableOptions(null, { title: 'people', columns: [col(0, 'Name')] }, {})).toEqual({
      title: 'people',
      columns: [col(0, 'Name')],
    });
  });

  it('sends the one chosen sheet with the edits made for it, even when another sheet is shown', () => {
    const workbook = { sheets: ['A', 'B'], chosen: ['B'], shown: 'A' };
    const edits = { B: { title: 'Bees', columns: [col(1, 'Count', 'Number')] } };
    expect(newTableOptions(workbook, { title: 'A', columns: [] }, edits)).toEqual({
      sheet: 'B',
      title: 'Bees',
      columns: [col(1, 'Count', 'Number')],
    });
  });

  it('sends one table per chosen sheet: the shown sheet with the current edits, an unseen one by its name', () => {
    const workbook = { sheets: ['A', 'B', 'C'], chosen: ['C', 'A', 'B'], shown: 'B' };
    const edits = { A: { title: 'Ants', columns: [col(0, 'Leg')] } };
    expect(newTableOptions(workbook, { title: 'Bees', columns: [col(0, 'Wing', 'Number')] }, edits)).toEqual({
      sheets: [
        { name: 'A', title: 'Ants', columns: [col(0, 'Leg')] },
        { name: 'B', title: 'Bees', columns: [col(0, 'Wing', 'Number')] },
        { name: 'C', title: 'C' },
      ],
    });
  });
});
