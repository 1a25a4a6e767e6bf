import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { prepareFormula } from './prepare.js';
import { testColumn } from './test-columns.js';

const columns = [testColumn('c1', 'Unit Price', 'Currency'), testColumn('c2', 'Name', 'SingleLineText')];

describe('prepareFormula', () => {
  it('stores by id, shows by title and gives the result type', () => {
    expect(prepareFormula('ROUND({Unit Price} * 1.2, 2)', { columns, dialect: 'sqlite' })).toEqual({
      formula: 'ROUND({c1} * 1.2, 2)',
      formula_raw: 'ROUND({Unit Price} * 1.2, 2)',
      type: 'numeric',
    });
    expect(prepareFormula('{c2} & "!"', { columns, dialect: 'pg' }).formula_raw).toBe('{Name} & "!"');
  });
  it('refuses a bad formula with a 422 listing every message', () => {
    try {
      prepareFormula('LOG({Name}) + {Gone}', { columns, dialect: 'sqlite' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(422);
      expect((err as AppError).toBody()).toMatchObject({
        msg: 'Function LOG is not available',
        errors: [
          { message: 'Function LOG is not available' },
          { message: 'Invalid column name/id "Gone" in formula' },
        ],
      });
    }
  });
});
