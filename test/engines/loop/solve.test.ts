import { describe, expect, it } from 'vitest';
import { engine } from '../../../src/engines/loop/index.js';

describe('loop solver', () => {
  it('finds the unique answer of the original’s thinned 4×4 example', () => {
    const result = engine.solve({ width: 4, height: 4, clues: '.322.....11.0.2.' });
    expect(result.truncated).toBe(false);
    expect(result.solutions).toEqual([{ edges: '0110010100000000001101010001010010100101' }]);
  });

  it('counts all 13 loops of an empty 2×2 board (4 cells, 4 dominoes, 4 L-shapes, the square)', () => {
    const result = engine.solve({ width: 2, height: 2, clues: '....' }, { maxSolutions: 100 });
    expect(result.truncated).toBe(false);
    expect(result.solutions).toHaveLength(13);
    expect(new Set(result.solutions.map((s) => s.edges)).size).toBe(13);
  });

  it('counts all 9349 loops of an empty 4×4 board when allowed to', () => {
    const result = engine.solve(
      { width: 4, height: 4, clues: '.'.repeat(16) },
      { maxSolutions: 10_000, nodeLimit: 1e6 },
    );
    expect(result.solutions).toHaveLength(9349);
  });

  it('stops at two solutions by default: enough to tell unique from not', () => {
    expect(engine.solve({ width: 3, height: 3, clues: '.........' }).solutions).toHaveLength(2);
  });

  it('reports truncation instead of uniqueness when the node limit stops it', () => {
    const result = engine.solve(
      { width: 6, height: 6, clues: '.'.repeat(36) },
      { maxSolutions: 1e9, nodeLimit: 50 },
    );
    expect(result.truncated).toBe(true);
    expect(result.nodes).toBeLessThanOrEqual(51);
  });

  it('finds no answer when only two separate loops would satisfy the clues', () => {
    const result = engine.solve({ width: 5, height: 2, clues: '3.0.33.0.3' }, { maxSolutions: 10 });
    expect(result.truncated).toBe(false);
    expect(result.solutions).toEqual([]);
  });

  it('finds no answer for contradictory clues', () => {
    expect(engine.solve({ width: 2, height: 1, clues: '03' }).solutions).toEqual([]);
  });

  it('never accepts the empty board as a loop', () => {
    expect(engine.solve({ width: 2, height: 2, clues: '0000' }).solutions).toEqual([]);
  });
});
