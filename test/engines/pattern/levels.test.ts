import { describe, expect, it } from 'vitest';
import { bandOf, LEVEL_BAND } from '../../../src/engines/pattern/grade.js';
import { engine, solveClues } from '../../../src/engines/pattern/index.js';
import { lineRounds } from '../../../src/engines/pattern/rounds.js';

const SEEDS_PER_LEVEL = 4;
const seeds = (level: string) => Array.from({ length: SEEDS_PER_LEVEL }, (_, n) => `band-${level}-${n}`);

describe.each(engine.levels)('the %s pattern ladder', (level) => {
  it(`puts every generated ${level} puzzle in the ${LEVEL_BAND[level]} band`, () => {
    for (const seed of seeds(level)) {
      const { puzzle } = engine.generate(seed, level);
      expect(bandOf(solveClues(puzzle)), seed).toBe(LEVEL_BAND[level]);
    }
  });
});

describe('pattern bands', () => {
  it('call a line-solvable grid done in few rounds simple, whatever its size', () => {
    expect(bandOf({ hardest: 'line', lineRounds: 2, probeHits: 0 })).toBe('simple line');
  });

  it('call a grid that needs search deep probe', () => {
    expect(bandOf({ hardest: 'search', lineRounds: 0, probeHits: 0 })).toBe('deep probe');
  });
});

describe('line rounds', () => {
  it('counts one round for a grid whose every line settles from its own clue', () => {
    expect(lineRounds({ width: 2, height: 2, rows: [[2], [2]], cols: [[2], [2]] })).toEqual({
      rounds: 1,
      undecided: 0,
    });
  });

  it('counts a second round for a line that opens only after a crossing line', () => {
    // Row 1 ([1] in 3) learns its cell from column 0 ([2]), which row 0 ([3]) started.
    const puzzle = { width: 3, height: 2, rows: [[3], [1]], cols: [[2], [1], [1]] };
    expect(lineRounds(puzzle).rounds).toBeGreaterThan(1);
  });
});
