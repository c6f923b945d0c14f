import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check, dealTubes, engine, solveTubes } from '../../../src/engines/colorsort/index.js';
import { rng } from '../../../src/engines/rng.js';
import lieoric from '../../fixtures/colorsort/lieoric_unsolvable.json';
import sortpuz from '../../fixtures/colorsort/sortpuz_levels.json';
import { bfsShortest, copyOf, NOTES_EXAMPLE } from './helpers.js';

describe('colorsort solver', () => {
  it('finds 15 moves for the original’s example, fewer than the 20 it reported, and BFS agrees', () => {
    const result = solveTubes(NOTES_EXAMPLE.tubes, 4);
    expect(result.truncated).toBe(false);
    expect(result.moves).toHaveLength(15);
    expect(result.lowerBound).toBe(15);
    expect(bfsShortest(copyOf(NOTES_EXAMPLE).tubes, 4)).toBe(15);
  });

  it('returns moves on the tubes as given, which check accepts', () => {
    const result = engine.solve(NOTES_EXAMPLE);
    expect(result.solutions).toHaveLength(1);
    expect(check(NOTES_EXAMPLE, result.solutions[0])).toEqual({ ok: true, moves: 15 });
  });

  it('matches plain breadth-first search on random small deals, solvable or not', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.integer({ min: 1, max: 2 }), (seed, empty) => {
        const tubes = dealTubes(4, 4, rng(seed), 0, empty);
        const result = solveTubes(tubes, 4, 1_000_000);
        expect(result.truncated).toBe(false);
        expect(result.moves?.length ?? null).toBe(bfsShortest(tubes, 4));
      }),
      { numRuns: 40 },
    );
  });

  it('matches plain breadth-first search on small deals with a duplicated colour', () => {
    for (const seed of ['d1', 'd2', 'd3', 'd4', 'd5']) {
      const tubes = dealTubes(3, 4, rng(seed), 1, 2);
      expect(solveTubes(tubes, 4).moves?.length ?? null).toBe(bfsShortest(tubes, 4));
    }
  });

  it('reaches the min_moves of all 30 SortPuz levels (a lower bound for our stricter pour rule)', () => {
    for (const level of sortpuz) {
      const result = solveTubes(level.tubes, level.capacity);
      expect(result.moves?.length, level.id).toBe(level.min_moves);
    }
  });

  it('proves the 10 certified-unsolvable lieoric instances unsolvable without truncation', () => {
    for (const instance of lieoric) {
      const result = solveTubes(instance.tubes, instance.capacity, 1_000_000);
      expect(result.moves, instance.id).toBeNull();
      expect(result.truncated, instance.id).toBe(false);
      expect(result.lowerBound).toBe(-1);
    }
  });

  it('reports truncated with a proven lower bound when the node limit stops it', () => {
    const result = solveTubes(NOTES_EXAMPLE.tubes, 4, 3);
    expect(result).toMatchObject({ moves: null, truncated: true, nodes: 3 });
    expect(result.lowerBound).toBeGreaterThan(0);
    expect(result.lowerBound).toBeLessThanOrEqual(15);
  });

  it('treats tube order as irrelevant: a permuted deal has the same optimum', () => {
    const permuted = [...NOTES_EXAMPLE.tubes].reverse();
    expect(solveTubes(permuted, 4).moves).toHaveLength(15);
  });

  it('answers unsolvable at once when a colour cannot fill whole tubes', () => {
    expect(solveTubes([[0, 1, 0], [1, 1, 0], []], 4)).toMatchObject({
      moves: null,
      truncated: false,
      nodes: 0,
    });
  });

  it('needs no move for a sorted position', () => {
    expect(solveTubes([[1, 1, 1, 1], [], [0, 0, 0, 0]], 4).moves).toEqual([]);
  });
});
