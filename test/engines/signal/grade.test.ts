import { describe, expect, it } from 'vitest';
import { bandOf } from '../../../src/engines/signal/grade.js';
import { analyzeDifficulty, engine, TECHNIQUES } from '../../../src/engines/signal/index.js';
import { puzzleOf } from './helpers.js';

/** All clues of the cyclic 4×4 square 1234/2341/3412/4123, which they pin down alone. */
const cyclic = puzzleOf(4, {
  top: [4, 3, 2, 1],
  bottom: [1, 2, 2, 2],
  left: [4, 3, 2, 1],
  right: [1, 2, 2, 2],
});

/** A 5×5 the line techniques leave unfinished but one trial settles (found by this engine's own search). */
const needsForcing = puzzleOf(5, {
  top: [2, 2, 3, 4, 1],
  bottom: [0, 4, 2, 1, 0],
  left: [2, 0, 0, 0, 0],
  right: [1, 4, 2, 0, 2],
});

/** A 5×5 where even the trials stop (found the same way). */
const needsSearch = puzzleOf(5, {
  top: [2, 2, 3, 0, 3],
  bottom: [3, 2, 0, 3, 1],
  left: [0, 1, 2, 2, 3],
  right: [2, 0, 2, 3, 1],
});

function cyclicGrid(n: number): string {
  let grid = '';
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) grid += String(((r + c) % n) + 1);
  return grid;
}

describe('signal analyzeDifficulty', () => {
  it('is what the engine grade returns', () => {
    expect(engine.grade(needsSearch)).toEqual(analyzeDifficulty(needsSearch));
  });

  it('grades a fully clued 4×4 that needs a short clue line medium, solved without search', () => {
    expect(analyzeDifficulty(cyclic)).toMatchObject({
      level: 'medium',
      nodes: 0,
      hardest: 'clue-line-short',
    });
  });

  it('lists the techniques in order of first use, starting with the clue bounds', () => {
    expect(analyzeDifficulty(cyclic).techniques).toEqual([
      'clue-bounds',
      'naked-single',
      'hidden-single',
      'clue-line-short',
    ]);
  });

  it('tries one of two candidates where the line techniques stop, and that makes the board expert', () => {
    expect(analyzeDifficulty(needsForcing)).toMatchObject({ level: 'expert', hardest: 'forcing', nodes: 0 });
  });

  it('falls back to search where even the trials stop, and counts its nodes', () => {
    const grade = analyzeDifficulty(needsSearch);
    expect(grade.hardest).toBe('search');
    expect(grade.level).toBe('expert');
    expect(grade.nodes).toBeGreaterThan(0);
    expect(grade.techniques.at(-1)).toBe('search');
  });

  it('names as hardest the most expensive technique it used', () => {
    const grade = analyzeDifficulty(needsSearch);
    const costs = grade.techniques.map((t) => TECHNIQUES[t as keyof typeof TECHNIQUES].cost);
    expect(TECHNIQUES[grade.hardest as keyof typeof TECHNIQUES].cost).toBe(Math.max(...costs));
  });

  it('grades by the techniques needed, not by the board size', () => {
    const almostFull = puzzleOf(7, { givens: `.${cyclicGrid(7).slice(1)}` });
    expect(analyzeDifficulty(almostFull)).toMatchObject({
      level: 'easy',
      hardest: 'naked-single',
      nodes: 0,
    });
  });

  it('puts a puzzle in the band of the hardest technique it needs', () => {
    expect(bandOf(['clue-bounds', 'naked-single', 'hidden-single'])).toBe('easy');
    expect(bandOf(['naked-single', 'naked-subset'])).toBe('medium');
    expect(bandOf(['clue-line-short', 'clue-line'])).toBe('hard');
    expect(bandOf(['clue-line', 'forcing'])).toBe('expert');
  });

  it('scores a board that needs search above one that does not', () => {
    expect(analyzeDifficulty(needsSearch).score).toBeGreaterThan(analyzeDifficulty(cyclic).score);
  });

  it('grades an impossible board without throwing', () => {
    const impossible = puzzleOf(4, { left: [1, 0, 0, 0], right: [1, 0, 0, 0] });
    expect(analyzeDifficulty(impossible)).toMatchObject({ level: 'expert', hardest: 'search' });
  });

  it('does not take a filled board for solved when a clue is not met', () => {
    // Row 1 reads 2 1 4 3: it sees 2 masts from the left, not the clue's 3, yet no bound is broken.
    const wrong = puzzleOf(4, { left: [3, 0, 0, 0], givens: '2143123443213412' });
    expect(analyzeDifficulty(wrong)).toMatchObject({ hardest: 'search', level: 'expert' });
  });
});
