import { describe, expect, it } from 'vitest';
import { median } from '../../src/rating/median.js';

describe('median', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(median([9, 1, 5])).toBe(5);
  });

  it('averages the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('refuses an empty list', () => {
    expect(() => median([])).toThrow('median of an empty list');
  });
});
