import { describe, expect, it } from 'vitest';
import { logEntryProblem } from '../../src/kinds/log-entry.js';

const sudoku = { maxA: 80, maxB: 9 };
const WEEK_MS = 7 * 24 * 3_600_000;

describe("a log entry against its kind's bounds", () => {
  it('takes whole numbers within the bounds, a time before the session included', () => {
    expect(logEntryProblem(sudoku, [5200, 0, 9])).toBeNull();
    expect(logEntryProblem(sudoku, [-3000, 80, 0])).toBeNull();
    expect(logEntryProblem(sudoku, [WEEK_MS, 40, 5])).toBeNull();
  });

  it('names the number that is out of its range, and the range', () => {
    expect(logEntryProblem(sudoku, [5200, 81, 1])).toEqual({
      index: 1,
      message: 'must be a whole number from 0 to 80',
    });
    expect(logEntryProblem(sudoku, [5200, 3, 10])?.index).toBe(2);
    expect(logEntryProblem(sudoku, [5200, -1, 1])?.index).toBe(1);
    expect(logEntryProblem(sudoku, [WEEK_MS + 1, 3, 1])?.index).toBe(0);
  });

  it('refuses fractions, numbers as strings, and what is not a number', () => {
    expect(logEntryProblem(sudoku, [5200, 0.5, 1])?.index).toBe(1);
    expect(logEntryProblem(sudoku, ['5200', 3, 1])?.index).toBe(0);
    expect(logEntryProblem(sudoku, [5200, 3, null])?.index).toBe(2);
    expect(logEntryProblem(sudoku, [Number.NaN, 3, 1])?.index).toBe(0);
  });

  it('refuses what is not a triple as a whole', () => {
    for (const entry of [[5200, 3], [5200, 3, 1, 0], { t: 5200 }, null, '5200,3,1']) {
      expect(logEntryProblem(sudoku, entry), JSON.stringify(entry)).toEqual({
        index: null,
        message: 'must be [t, a, b], three whole numbers',
      });
    }
  });
});
