import { describe, expect, it } from 'vitest';
import { engine } from '../../../src/engines/signal/index.js';

const puzzle = {
  n: 4,
  top: [0, 0, 0, 1],
  bottom: [2, 0, 0, 0],
  left: [0, 2, 0, 0],
  right: [0, 0, 1, 0],
  givens: '.......2........',
};

describe('signal render', () => {
  it('draws the board with its clues on all four sides and givens in place', () => {
    expect(engine.render(puzzle)).toBe(
      [
        '          1',
        '  +---------+',
        '  | . . . . |',
        '2 | . . . 2 |',
        '  | . . . . | 1',
        '  | . . . . |',
        '  +---------+',
        '    2',
      ].join('\n'),
    );
  });

  it('fills in the heights when given a solution', () => {
    const drawn = engine.render(puzzle, { grid: '4123123434122341' });
    expect(drawn.split('\n').slice(2, 6)).toEqual([
      '  | 4 1 2 3 |',
      '2 | 1 2 3 4 |',
      '  | 3 4 1 2 | 1',
      '  | 2 3 4 1 |',
    ]);
  });
});
