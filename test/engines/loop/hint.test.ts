import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hint } from '../../../src/engines/hint.js';
import { nextHint } from '../../../src/engines/loop/hint.js';
import { engine, type LoopPuzzle, type LoopSolution } from '../../../src/engines/loop/index.js';
import { PuzzleInputError } from '../../../src/engines/types.js';

/** Applies a step's conclusions to a board, checking each against the solution. */
function apply(board: string[], hint: Hint, solution: string): void {
  if (hint.type !== 'step') throw new Error(`expected a step, got ${JSON.stringify(hint)}`);
  for (const c of hint.concludes) {
    if (!('edge' in c)) throw new Error('a loop hint concludes edges');
    if (board[c.at] !== '.') throw new Error(`edge ${c.at} was already decided`);
    if ((c.edge === 'on') !== (solution[c.at] === '1')) throw new Error(`edge ${c.at} concluded wrongly`);
    board[c.at] = c.edge === 'on' ? '1' : 'x';
  }
}

/** Follows hints alone from the empty board; returns the last hint (solved or search) and the techniques used. */
function follow(puzzle: LoopPuzzle, solution: LoopSolution) {
  const board = Array.from(solution.edges, () => '.');
  const used = new Set<string>();
  // Each step decides at least one edge: more steps than edges means hints that never end.
  for (let step = 0; step <= board.length; step++) {
    const hint = nextHint(puzzle, solution, { edges: board.join('') });
    if (hint.type !== 'step') return { hint, used, board: board.join('') };
    used.add(hint.technique);
    apply(board, hint, solution.edges);
  }
  throw new Error(`hints went on past ${board.length} steps on ${board.length} edges`);
}

const SEEDS = ['hint-1', 'hint-2'];

describe('loop hints', () => {
  for (const level of engine.levels) {
    it(`lead from the empty board to the unique solution at ${level}, or stop at search only where the grader searched`, () => {
      for (const seed of SEEDS) {
        const { puzzle, solution, grade } = engine.generate(seed, level);
        const { hint, board } = follow(puzzle, solution);
        if (grade.nodes > 0) {
          expect(['solved', 'search']).toContain(hint.type);
        } else {
          expect(hint.type).toBe('solved');
          expect(board.replaceAll('x', '.').replaceAll('.', '0')).toBe(solution.edges);
        }
      }
    });
  }

  it('use the techniques the grader names for the puzzle', () => {
    const { puzzle, solution, grade } = engine.generate('hint-1', 'hard');
    const { used } = follow(puzzle, solution);
    expect([...used].sort()).toEqual(grade.techniques.filter((t) => t !== 'search').sort());
  });

  it('take the grader’s trial step where every rule is stuck', () => {
    const puzzle = { width: 5, height: 5, clues: '....0..31.3.2.0..1.2...1.' };
    const [solution] = engine.solve(puzzle).solutions;
    if (!solution) throw new Error('the board has a solution');
    const { hint, used } = follow(puzzle, solution);
    expect(hint.type).toBe('solved');
    expect(used).toContain('trial');
  });

  it('conclude, on any correct partial board, only undecided edges and as the solution has them', () => {
    const { puzzle, solution } = engine.generate('hint-1', 'medium');
    const n = solution.edges.length;
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: n, maxLength: n }), (shown) => {
        const board = Array.from(solution.edges, (bit, e) => (shown[e] ? (bit === '1' ? '1' : 'x') : '.'));
        const hint = nextHint(puzzle, solution, { edges: board.join('') });
        if (hint.type === 'solved') return;
        expect(hint.type).toBe('step');
        apply(board, hint, solution.edges);
      }),
      { numRuns: 60 },
    );
  });

  it('name one step of one technique, with the edges it reads including those it decides', () => {
    const { puzzle, solution } = engine.generate('hint-1', 'hard');
    const hint = nextHint(puzzle, solution, { edges: '.'.repeat(solution.edges.length) });
    if (hint.type !== 'step') throw new Error('expected a step');
    expect(hint.concludes.length).toBeLessThanOrEqual(4);
    expect(hint.involves).toEqual([...hint.involves].sort((a, b) => a - b));
    for (const c of hint.concludes) expect(hint.involves).toContain(c.at);
  });

  it('point at the first wrong edge of a board with a mistake, without saying what it should be', () => {
    const { puzzle, solution } = engine.generate('hint-1', 'easy');
    const board = Array.from(solution.edges, () => '.');
    const off = solution.edges.indexOf('0');
    const on = solution.edges.lastIndexOf('1');
    board[off] = '1';
    board[on] = 'x';
    expect(nextHint(puzzle, solution, { edges: board.join('') })).toEqual({
      type: 'mistake',
      unit: 'edge',
      at: Math.min(off, on),
      explanation: expect.any(String),
    });
  });

  it('say solved once every line of the loop is drawn', () => {
    const { puzzle, solution } = engine.generate('hint-1', 'easy');
    const edges = solution.edges.replaceAll('0', '.');
    expect(nextHint(puzzle, solution, { edges }).type).toBe('solved');
  });

  it('reject a board of the wrong size', () => {
    const { puzzle, solution } = engine.generate('hint-1', 'easy');
    expect(() => nextHint(puzzle, solution, { edges: '...' })).toThrow(PuzzleInputError);
  });
});
