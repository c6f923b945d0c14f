import { describe, expect, it } from 'vitest';
import { engine, solveClues } from '../../../src/engines/pattern/index.js';
import { cluesOf, fixture, SEED_AMBIGUOUS, SEED_FIVE } from './fixtures.js';

const bitsOf = (bits: Uint8Array) => Array.from(bits).join('');

describe('the pattern solver', () => {
  it('finds both solutions of the original’s n=2 example, where line logic fixes nothing', () => {
    const report = solveClues(SEED_AMBIGUOUS, { maxSolutions: 10 });
    expect(report.unknownAfterLine).toBe(4);
    expect(report.solutions.map(bitsOf).sort()).toEqual(['0110', '1001']);
    expect(report.truncated).toBe(false);
  });

  it('solves the original’s n=5 example by line logic alone', () => {
    const report = solveClues(SEED_FIVE);
    expect(report.hardest).toBe('line');
    expect(report.nodes).toBe(0);
    expect(report.solutions.map(bitsOf)).toEqual(['1010000011101111100111000']);
  });

  it('stops at maxSolutions (default 2: enough to tell unique from not)', () => {
    expect(engine.solve(SEED_AMBIGUOUS).solutions).toHaveLength(2);
    expect(engine.solve(SEED_AMBIGUOUS, { maxSolutions: 1 }).solutions).toHaveLength(1);
  });

  it('returns no solution for contradictory clues', () => {
    const report = solveClues({ width: 2, height: 2, rows: [[2], []], cols: [[], [1]] });
    expect(report.solutions).toEqual([]);
    expect(report.truncated).toBe(false);
  });

  for (const title of ['Dancer', 'Bloop Bloop', 'Spade']) {
    it(`solves the public line-solvable puzzle "${title}" by line logic to its published answer`, () => {
      const p = fixture(title);
      const report = solveClues(cluesOf(p));
      expect(report.hardest).toBe('line');
      expect(report.solutions.map(bitsOf)).toEqual([p.solution]);
    });
  }

  for (const title of ['Edge', 'Bucks']) {
    it(`needs probing for "${title}" and proves its published answer unique`, () => {
      const p = fixture(title);
      const report = solveClues(cluesOf(p));
      expect(report.unknownAfterLine).toBeGreaterThan(0);
      expect(report.hardest).toBe('probe');
      expect(report.solutions.map(bitsOf)).toEqual([p.solution]);
    });
  }

  it('knows that "Forever" is beyond line logic and probing: it goes to search', () => {
    const report = solveClues(cluesOf(fixture('Forever')), { nodeLimit: 5 });
    expect(report.hardest).toBe('search');
    expect(report.undecided?.length).toBeGreaterThan(0);
  });

  it('never calls a truncated search unique: the multi-solution "Knotty" under a tiny node limit', () => {
    const result = engine.solve(cluesOf(fixture('Knotty')), { nodeLimit: 3 });
    expect(result.truncated).toBe(true);
    expect(result.nodes).toBeLessThanOrEqual(3);
    expect(result.solutions.length).toBeLessThan(2);
  });
});
