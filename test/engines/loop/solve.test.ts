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
    // The root counts as one node, so a limit of 50 branches stops at 51.
    expect(result.nodes).toBe(51);
  });

  // The grader scores a board left to search by its nodes (30 a node), so the count is part of the answer.
  it('lists 20 answers of a half-clued 7×7 board in 55 nodes, probing every open edge at each node', () => {
    const result = engine.solve(
      { width: 7, height: 7, clues: '1...2.3.3...3.1.........3.1...........2.....3.3..' },
      { maxSolutions: 20 },
    );
    expect(result.solutions).toHaveLength(20);
    expect(new Set(result.solutions.map((s) => s.edges)).size).toBe(20);
    expect(result.nodes).toBe(55);
    expect(result.truncated).toBe(false);
  });

  it('extends the line end with the fewest open edges: 50 loops of an empty 5×5 board take 116 nodes', () => {
    const result = engine.solve({ width: 5, height: 5, clues: '.'.repeat(25) }, { maxSolutions: 50 });
    expect(result.solutions).toHaveLength(50);
    expect(result.nodes).toBe(116);
  });

  it('starts a clue-only board at its neediest clue: 200 loops round a centre 2 on 5×5 take 413 nodes', () => {
    const clues = `${'.'.repeat(12)}2${'.'.repeat(12)}`;
    const result = engine.solve({ width: 5, height: 5, clues }, { maxSolutions: 200 });
    expect(result.solutions).toHaveLength(200);
    expect(result.nodes).toBe(413);
  });

  it('grades a 5×5 board with one 1 by the search its clue starts: 16 nodes, 480', () => {
    const clues = `${'.'.repeat(6)}1${'.'.repeat(18)}`;
    expect(engine.grade({ width: 5, height: 5, clues })).toMatchObject({ score: 480, nodes: 16 });
  });

  it('falls back to the first open edge on a board without lines or clues: the 10 loops of a 4×1 strip in 21 nodes', () => {
    const result = engine.solve({ width: 4, height: 1, clues: '....' }, { maxSolutions: 100 });
    expect(result.solutions).toHaveLength(10);
    expect(result.nodes).toBe(21);
  });

  it('stops probing when its budget is spent: a 6×6 board with one 2 lists 89 loops within 200 nodes', () => {
    const clues = `${'.'.repeat(14)}2${'.'.repeat(21)}`;
    const result = engine.solve({ width: 6, height: 6, clues }, { maxSolutions: 1e9, nodeLimit: 200 });
    expect(result.truncated).toBe(true);
    expect(result.solutions).toHaveLength(89);
  });

  it('probes within a budget of four edges per allowed node: a half-clued 10×10 board takes 35 nodes', () => {
    const clues =
      '3.3.2...2.......2...2.2.........1.1.0.2...3...3.2.1.........1.........1.......0.....3.1.......2.....';
    const result = engine.solve({ width: 10, height: 10, clues });
    expect(result.solutions).toHaveLength(2);
    expect(result.nodes).toBe(35);
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
