import { describe, expect, it } from 'vitest';
import { engine, generateSized } from '../../../src/engines/signal/index.js';
import { GenerationError, PuzzleInputError } from '../../../src/engines/types.js';

const SIZES = { easy: 4, medium: 5, hard: 6, expert: 7 } as const;

describe('signal generate', () => {
  for (const level of engine.levels) {
    it(`makes a unique ${level} puzzle of side ${SIZES[level as keyof typeof SIZES]} at the asked level`, () => {
      const g = engine.generate(`spec-${level}`, level);
      expect(g.puzzle.n).toBe(SIZES[level as keyof typeof SIZES]);
      const result = engine.solve(g.puzzle);
      expect(result.truncated).toBe(false);
      expect(result.solutions).toEqual([g.solution]);
      expect(engine.grade(g.puzzle)).toEqual(g.grade);
      expect(g.grade.level).toBe(level);
      expect(engine.check(g.puzzle, g.solution)).toEqual({ ok: true });
      expect(g).toMatchObject({ seed: `spec-${level}`, version: engine.version });
      expect(g.attempt).toBeGreaterThanOrEqual(1);
    });
  }

  it('leaves out every clue and given whose removal would keep it unique at its level', () => {
    const g = engine.generate('minimal', 'medium');
    const sides = ['top', 'bottom', 'left', 'right'] as const;
    for (const side of sides) {
      g.puzzle[side].forEach((clue, i) => {
        if (clue === 0) return;
        const fewer = { ...g.puzzle, [side]: g.puzzle[side].map((c, k) => (k === i ? 0 : c)) };
        const unique = engine.solve(fewer).solutions.length === 1;
        expect(unique && engine.grade(fewer).level === 'medium').toBe(false);
      });
    }
  });

  it('makes boards of every level that reasoning finishes without search', () => {
    for (const level of engine.levels) {
      expect(engine.generate(`logic-${level}`, level).grade.nodes).toBe(0);
    }
  });

  it('gives the same puzzle for the same seed and level', () => {
    expect(engine.generate('same', 'hard')).toEqual(engine.generate('same', 'hard'));
  });

  it('gives another puzzle for another seed', () => {
    expect(engine.generate('one', 'medium').puzzle).not.toEqual(engine.generate('two', 'medium').puzzle);
  });

  it('keeps version 2 output for pinned seeds', () => {
    expect(engine.version).toBe(2);
    expect(engine.generate('pin-1', 'easy')).toEqual({
      puzzle: {
        n: 4,
        top: [0, 0, 0, 3],
        bottom: [0, 0, 0, 0],
        left: [0, 0, 0, 3],
        right: [0, 0, 3, 0],
        givens: `1${'.'.repeat(15)}`,
      },
      solution: { grid: '1342421334212134' },
      grade: {
        level: 'easy',
        score: 21,
        techniques: ['clue-bounds', 'naked-single'],
        hardest: 'clue-bounds',
        nodes: 0,
      },
      seed: 'pin-1',
      version: 2,
      attempt: 1,
    });
    expect(engine.generate('pin-4', 'medium').puzzle).toEqual({
      n: 5,
      top: [0, 2, 2, 0, 0],
      bottom: [3, 0, 0, 0, 0],
      left: [0, 0, 2, 3, 0],
      right: [4, 0, 0, 3, 1],
      givens: '...3.....3...............',
    });
    expect(engine.generate('pin-2', 'hard').puzzle).toEqual({
      n: 6,
      top: [2, 0, 0, 4, 1, 2],
      bottom: [0, 3, 0, 1, 4, 2],
      left: [0, 3, 3, 0, 0, 0],
      right: [0, 2, 0, 0, 0, 0],
      givens: '..............1.....................',
    });
    expect(engine.generate('pin-3', 'expert').puzzle).toEqual({
      n: 7,
      top: [0, 0, 0, 3, 5, 0, 0],
      bottom: [2, 3, 0, 2, 2, 3, 3],
      left: [1, 0, 4, 3, 3, 3, 0],
      right: [0, 4, 0, 0, 3, 3, 4],
      givens: '...........................3..4......2...........',
    });
  });

  it('makes boards up to 9×9 through generateSized, graded expert', () => {
    const g = generateSized('big', 9);
    expect(g.puzzle.n).toBe(9);
    expect(g.grade.level).toBe('expert');
    const result = engine.solve(g.puzzle);
    expect(result.truncated).toBe(false);
    expect(result.solutions).toEqual([g.solution]);
  });

  it('throws a GenerationError with the rejection counts when no attempt can reach the level', () => {
    // A 4×4 line never has the 6 open cells that hard's long clue lines need.
    const make = () => generateSized('never', 4, 'hard');
    expect(make).toThrow(GenerationError);
    expect(make).toThrow(
      'signal 4×4 hard: no puzzle in 500 attempts (truncated 0, off-level 500, final-check 0)',
    );
  });

  it.each([
    [
      'an unknown level',
      // @ts-expect-error: the compiler refuses it too
      () => engine.generate('x', 'superhard'),
      /signal has no level "superhard"; its levels are easy, medium, hard, expert/,
    ],
    [
      'a seed over 80 characters',
      () => engine.generate('x'.repeat(81), 'easy'),
      /seed must be a string of 1 to 80/,
    ],
    ['an empty seed', () => engine.generate('', 'easy'), /seed must be/],
    ['a board over 9×9', () => generateSized('x', 10), /from 4×4 to 9×9/],
    ['a board under 4×4', () => generateSized('x', 3), /from 4×4 to 9×9/],
    [
      'an unknown level for a sized board',
      () => generateSized('x', 5, 'superhard'),
      /signal has no level "superhard"/,
    ],
    ['a level below the board size', () => generateSized('x', 7, 'easy'), /at least 'expert', not 'easy'/],
  ])('rejects %s with a PuzzleInputError', (_, make, message) => {
    expect(make).toThrow(PuzzleInputError);
    expect(make).toThrow(message);
  });
});
