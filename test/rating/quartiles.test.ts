import { describe, expect, it } from 'vitest';
import { quartiles } from '../../src/rating/quartiles.js';

describe('quartiles', () => {
  it('is null for an empty list', () => {
    expect(quartiles([])).toBeNull();
  });

  it('is the one value three times for a list of one', () => {
    expect(quartiles([7])).toEqual({ p25: 7, median: 7, p75: 7 });
  });

  it('interpolates between the closest ranks, as QUARTILE.INC does', () => {
    expect(quartiles([1, 2, 3, 4])).toEqual({ p25: 1.75, median: 2.5, p75: 3.25 });
  });

  it('sorts the values first and leaves the list as it was', () => {
    const values = [9, 1, 5];
    expect(quartiles(values)).toEqual({ p25: 3, median: 5, p75: 7 });
    expect(values).toEqual([9, 1, 5]);
  });
});
