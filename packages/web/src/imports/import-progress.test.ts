import { describe, expect, it } from 'vitest';
import { rateOf, rowsOfProgress } from './import-progress';

describe('import progress', () => {
  it('reads rows done and total from the job message', () => {
    expect(rowsOfProgress('Imported 2000 of 100000 rows')).toEqual({ done: 2000, total: 100000 });
    expect(rowsOfProgress('Reading the file')).toBeUndefined();
  });

  it('computes the rate and the time left', () => {
    expect(rateOf(5000, 20000, 2000)).toEqual({ rate: 2500, secondsLeft: 6 });
    expect(rateOf(0, 100, 0)).toEqual({ rate: 0, secondsLeft: 0 });
  });
});
