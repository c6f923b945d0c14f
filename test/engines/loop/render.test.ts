import { describe, expect, it } from 'vitest';
import { engine } from '../../../src/engines/loop/index.js';

const puzzle = { width: 4, height: 4, clues: '.322.....11.0.2.' };

describe('loop render', () => {
  it('draws the original’s picture of the solved 4×4 example: dots, lines and clues', () => {
    const [solution] = engine.solve(puzzle).solutions;
    expect(engine.render(puzzle, solution)).toBe(
      [
        '+   +---+---+   +',
        '  . | 3   2 | 2',
        '+   +---+   +---+',
        '  .   . | .   . |',
        '+   +   +   +   +',
        '  .   1 | 1   . |',
        '+   +   +   +   +',
        '  0   . | 2   . |',
        '+   +   +---+---+',
      ].join('\n'),
    );
  });

  it('draws only dots and clues without a solution', () => {
    expect(engine.render({ width: 2, height: 1, clues: '3.' })).toBe(
      ['+   +   +', '  3   .', '+   +   +'].join('\n'),
    );
  });
});
