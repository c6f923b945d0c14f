import { describe, expect, it } from 'vitest';
import { bandOf, EXPERT_MIN_NODES, LEVEL_BAND, SEARCH } from '../../../src/engines/sudoku/grade.js';
import { engine, SUDOKU_LEVELS } from '../../../src/engines/sudoku/index.js';

const SEEDS_PER_LEVEL = 12;
const seeds = (level: string) => Array.from({ length: SEEDS_PER_LEVEL }, (_, n) => `band-${level}-${n}`);

describe.each(SUDOKU_LEVELS)('the %s sudoku ladder', (level) => {
  it(`puts every generated ${level} puzzle in the ${LEVEL_BAND[level]} band`, () => {
    for (const seed of seeds(level)) {
      expect(bandOf(engine.generate(seed, level).grade), seed).toBe(LEVEL_BAND[level]);
    }
  });
});

describe('the expert band', () => {
  it('needs search of more than one guess on every generated expert puzzle', () => {
    for (const seed of seeds('expert')) {
      const grade = engine.generate(seed, 'expert').grade;
      expect(grade.techniques, seed).toContain(SEARCH);
      expect(grade.nodes, seed).toBeGreaterThanOrEqual(EXPERT_MIN_NODES);
    }
  });

  it('is needed by no generated hard puzzle', () => {
    for (const seed of seeds('hard')) {
      expect(engine.generate(seed, 'hard').grade.techniques, seed).not.toContain(SEARCH);
    }
  });
});

describe('bands of a grade', () => {
  it('calls a stall that one two-way guess settles forcing, not search', () => {
    expect(bandOf({ hardest: SEARCH, nodes: 3 })).toBe('forcing');
  });

  it('places a puzzle by its heaviest technique below search', () => {
    expect(bandOf({ hardest: 'none', nodes: 0 })).toBe('singles');
    expect(bandOf({ hardest: 'x-wing', nodes: 0 })).toBe('basic');
    expect(bandOf({ hardest: 'hidden quad', nodes: 0 })).toBe('advanced');
  });
});
