import { describe, expect, it } from 'vitest';
import { engine, version } from '../../../src/engines/pattern/index.js';
import { PuzzleInputError } from '../../../src/engines/types.js';
import { SEED_AMBIGUOUS, SEED_FIVE } from './fixtures.js';

describe('the pattern engine', () => {
  it('declares its kind, version and levels', () => {
    expect(engine.kind).toBe('pattern');
    expect(engine.version).toBe(version);
    expect(engine.levels).toEqual(['easy', 'medium', 'hard', 'expert']);
  });

  it('shows players the whole puzzle: clues hide nothing', () => {
    expect(engine.toPublic(SEED_FIVE)).toEqual(SEED_FIVE);
  });

  it('grades a line-solvable puzzle by its size and rounds and the multi-solution seed example as search', () => {
    // 25 cells + 5 rounds of line logic (rounds.ts), within easy's bound.
    expect(engine.grade(SEED_FIVE)).toEqual({
      level: 'easy',
      score: 30,
      techniques: ['line'],
      hardest: 'line',
      nodes: 0,
    });
    expect(engine.grade(SEED_AMBIGUOUS)).toMatchObject({ level: 'expert', hardest: 'search' });
  });

  it('refuses to grade clues without a solution', () => {
    expect(() => engine.grade({ width: 2, height: 2, rows: [[2], []], cols: [[], [1]] })).toThrow(
      PuzzleInputError,
    );
  });
});
