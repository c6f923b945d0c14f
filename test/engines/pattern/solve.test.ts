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

  it('finds no solution for clues that only probing proves contradictory', () => {
    // Line logic leaves 19 cells open without a contradiction; no grid meets these clues (brute force over
    // the rows' placements finds none).
    const report = solveClues({
      width: 6,
      height: 8,
      rows: [[3], [3], [1, 1], [1, 2], [1], [3], [1, 1, 1], [3]],
      cols: [
        [1, 1, 2],
        [1, 1, 1],
        [3, 3],
        [1, 2],
        [2, 1],
        [1, 1],
      ],
    });
    expect(report.unknownAfterLine).toBe(19);
    expect(report.solutions).toEqual([]);
    expect(report.hardest).toBe('probe');
    expect(report.truncated).toBe(false);
  });

  it('stops after line logic when told to, naming the cells it left open', () => {
    const report = solveClues(cluesOf(fixture('Edge')), { stopAfter: 'line' });
    expect(report.stoppedAt).toBe('line');
    expect(report.hardest).toBe('line');
    expect(report.solutions).toEqual([]);
    expect(report.unknownAfterLine).toBe(110);
    expect(report.undecided?.length).toBe(110);
  });

  it('stops after probing when told to, naming the cells it left open and searching nothing', () => {
    const report = solveClues(cluesOf(fixture('Forever')), { stopAfter: 'probe' });
    expect(report.stoppedAt).toBe('probe');
    expect(report.hardest).toBe('probe');
    expect(report.solutions).toEqual([]);
    expect(report.nodes).toBe(0);
    expect(report.undecided?.length).toBe(440);
  });

  it('reports truncated, with no solution and no search, when the interrupt stops probing', () => {
    const report = solveClues(cluesOf(fixture('Forever')), { interrupt: () => true });
    expect(report.truncated).toBe(true);
    expect(report.hardest).toBe('probe');
    expect(report.solutions).toEqual([]);
    expect(report.nodes).toBe(0);
  });

  it('passes the interrupt on to search: the n=2 example stops before its first node', () => {
    // Its probing is too short to reach the prober's first poll of the interrupt: only search sees it.
    const report = solveClues(SEED_AMBIGUOUS, { interrupt: () => true });
    expect(report.hardest).toBe('search');
    expect(report.truncated).toBe(true);
    expect(report.nodes).toBe(0);
    expect(report.solutions).toEqual([]);
  });

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
