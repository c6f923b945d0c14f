import { describe, expect, it } from 'vitest';
import { HintSchema } from '../../src/contract/hint.js';
import type { Hint } from '../../src/engines/hint.js';
import { nextHint } from '../../src/engines/sudoku/hint.js';
import { engine } from '../../src/engines/sudoku/index.js';

describe('the wire hint', () => {
  it("accepts every shape of the engines' hint", () => {
    const { puzzle, solution } = engine.generate('wire', 'medium');
    const wrong = `${(Number(solution.grid[0]) % 9) + 1}${solution.grid.slice(1)}`;
    const hints: Hint[] = [
      nextHint(puzzle, solution, { grid: puzzle.grid }),
      nextHint(puzzle, solution, { grid: wrong }),
      nextHint(puzzle, solution, { grid: solution.grid }),
      { type: 'search', technique: 'search', explanation: 'trial and error' },
      {
        type: 'step',
        technique: 'any',
        unit: 'edge',
        involves: [1, 2],
        concludes: [
          { at: 1, edge: 'on' },
          { at: 2, exclude: [3] },
          { at: 3, pourTo: 4 },
        ],
        explanation: 'x',
      },
    ];
    for (const hint of hints) expect(HintSchema.parse(hint)).toEqual(hint);
  });
});
