import { describe, expect, it } from 'vitest';
import { engine } from '../../../src/engines/loop/index.js';

/** A board from its rows, so a wall of 0s reads as a column. */
function board(...rows: string[]) {
  return { width: (rows[0] as string).length, height: rows.length, clues: rows.join('') };
}

// The grader scores a board left to search by its nodes (30 a node), so the node counts pinned here are
// part of the grade: a weaker pruning finds the same answers, later, and grades the board harder.
describe('loop search prunes lines that can no longer join into one loop, and branches where its rules say', () => {
  it('refuses two 3s on either side of a wall of 0s at its root: 1 node (13 without the pruning)', () => {
    const result = engine.solve(board('.3..0....', '....0....', '....0..3.'), { maxSolutions: 100 });
    expect(result).toEqual({ solutions: [], nodes: 1, truncated: false });
  });

  it('refuses a 3 and a 2 left of a wall of 0s and a 2 right of it in 3 nodes, graded 113 (31 nodes without the clue check)', () => {
    const puzzle = board('.3..0....', '....0....', '2...0....', '....0..2.');
    expect(engine.solve(puzzle, { maxSolutions: 100 })).toEqual({
      solutions: [],
      nodes: 3,
      truncated: false,
    });
    expect(engine.grade(puzzle)).toMatchObject({ score: 113, nodes: 3 });
  });

  it('cuts every branch whose line ends cannot meet: the first 5 loops of an 8×3 board with two 1s in 22 nodes', () => {
    const result = engine.solve(board('........', '....1...', '...1....'), { maxSolutions: 5 });
    expect(result.solutions).toHaveLength(5);
    expect(result.nodes).toBe(22);
    expect(result.truncated).toBe(false);
  });

  it('cuts a branch where a clue short of lines has no open side the lines reach: 1,000 loops of a 9×6 board in 2,494 nodes under a limit of 3,000', () => {
    const puzzle = board('.2...1...', '..2...21.', '.2..2..2.', '..11...1.', '23...1...', '32321...1');
    const result = engine.solve(puzzle, { maxSolutions: 1000, nodeLimit: 3000 });
    expect(result.solutions).toHaveLength(1000);
    expect(result.nodes).toBe(2494);
    expect(result.truncated).toBe(false);
  });

  it('counts only a clue’s own four sides as its way to the lines: the two loops of an 8×11 board in 68 nodes, graded 2,075 (past 20,000 if the next cell’s top counted)', () => {
    const puzzle = board(
      '..12....',
      '2.2.....',
      '........',
      '.2...1..',
      '........',
      '...0...2',
      '...1....',
      '0.......',
      '0...3...',
      '........',
      '.00...0.',
    );
    const result = engine.solve(puzzle);
    expect(result.solutions).toHaveLength(2);
    expect(result.nodes).toBe(68);
    expect(result.truncated).toBe(false);
    expect(engine.grade(puzzle)).toMatchObject({ score: 2075, nodes: 68 });
  });

  it('searches a board without lines whose corner is walled off by a 0: the 12 loops round a 2 on 3×3 in 23 nodes', () => {
    const result = engine.solve(board('0..', '.2.', '...'), { maxSolutions: 100 });
    expect(result.solutions).toHaveLength(12);
    expect(result.nodes).toBe(23);
    expect(result.truncated).toBe(false);
  });

  it('branches at the first open edge when the only clue is a 0: the first loop round a centre 0 on 3×3 in 6 nodes', () => {
    const result = engine.solve(board('...', '.0.', '...'), { maxSolutions: 1 });
    expect(result.solutions).toEqual([{ edges: '111000100011100110010101' }]);
    expect(result.nodes).toBe(6);
  });
});

describe('loop search probes every open edge at each node, to a fixpoint', () => {
  it('refuses a 2×9 board at its root when both values of one probed edge fail: 1 node (3 if that were passed over)', () => {
    const puzzle = board('..', '..', '.3', '..', '.3', '..', '.3', '21', '..');
    expect(engine.solve(puzzle, { maxSolutions: 100 })).toEqual({
      solutions: [],
      nodes: 1,
      truncated: false,
    });
  });

  it('probes again after a pass that fixed an edge: under a node limit of 30 (120 probes) the first loop of a 2×8 board takes 7 nodes (6, and another loop, with one pass)', () => {
    const puzzle = board('..', '1.', '..', '..', '.2', '..', '0.', '.0');
    const result = engine.solve(puzzle, { maxSolutions: 1, nodeLimit: 30 });
    expect(result).toEqual({
      solutions: [{ edges: '010000100110000000011011011101110000000000' }],
      nodes: 7,
      truncated: false,
    });
  });

  it('propagates the root before it probes it: the 5 loops of a 7×1 strip with a 2 in 9 nodes (11 from the bare clues)', () => {
    const result = engine.solve(board('.....2.'), { maxSolutions: 100 });
    expect(result.solutions).toHaveLength(5);
    expect(result.nodes).toBe(9);
    expect(result.truncated).toBe(false);
  });

  it('spends exactly four probes per allowed node: the first 5 loops of a 6×4 board take 20 nodes under a limit of 100 (21 with one probe fewer, 18 with the default budget)', () => {
    const puzzle = board('.....3', '.1....', '.0.12.', '......');
    const limited = engine.solve(puzzle, { maxSolutions: 5, nodeLimit: 100 });
    expect(limited.solutions).toHaveLength(5);
    expect(limited.nodes).toBe(20);
    expect(limited.truncated).toBe(false);
    expect(engine.solve(puzzle, { maxSolutions: 5 }).nodes).toBe(18);
  });
});
