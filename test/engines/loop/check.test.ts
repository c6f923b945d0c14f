import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hEdge, vEdge } from '../../../src/engines/loop/geometry.js';
import { engine } from '../../../src/engines/loop/index.js';
import { edgesOf } from './helpers.js';

const W = 3;
const H = 3;
const h = (r: number, c: number) => hEdge(W, r, c);
const v = (r: number, c: number) => vEdge(W, H, r, c);
/** Loop round the top-left 2×2 block of a 3×3 board. */
const square = [h(0, 0), h(0, 1), h(2, 0), h(2, 1), v(0, 0), v(1, 0), v(0, 2), v(1, 2)];
const puzzle = { width: W, height: H, clues: '22.22.11.' };

describe('loop check', () => {
  it('accepts a single closed loop that meets every clue', () => {
    expect(engine.check(puzzle, { edges: edgesOf(W, H, square) })).toEqual({ ok: true });
  });

  it('accepts any valid loop, not only the generator’s answer', () => {
    const open = { width: W, height: H, clues: '.........' };
    const solutions = engine.solve(open).solutions;
    expect(solutions).toHaveLength(2);
    for (const s of solutions) expect(engine.check(open, s)).toEqual({ ok: true });
  });

  it('accepts the generator’s answer of a generated puzzle', () => {
    const g = engine.generate('check-me', 'easy');
    expect(engine.check(g.puzzle, g.solution)).toEqual({ ok: true });
  });

  it('rejects an open path and says where it ends', () => {
    const result = engine.check(puzzle, { edges: edgesOf(W, H, square.slice(1)) });
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/ends at the dot/) });
  });

  it('rejects a branch', () => {
    const result = engine.check(puzzle, { edges: edgesOf(W, H, [...square, h(1, 0)]) });
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/branches/) });
  });

  it('rejects two separate loops', () => {
    const twoLoops = [h(0, 0), h(1, 0), v(0, 0), v(0, 1), h(2, 2), h(3, 2), v(2, 2), v(2, 3)];
    const result = engine.check(
      { width: W, height: H, clues: '.........' },
      { edges: edgesOf(W, H, twoLoops) },
    );
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/more than one loop/) });
  });

  it('rejects a loop that misses a clue and names the cell', () => {
    const result = engine.check(
      { width: W, height: H, clues: '3........' },
      { edges: edgesOf(W, H, square) },
    );
    expect(result).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/clue 3 at row 1, column 1 has 2 lines/),
    });
  });

  describe('each clue, at the count of lines around it, one below and one above', () => {
    const blank = '.........';
    const at = (cell: number, clue: string) => blank.slice(0, cell) + clue + blank.slice(cell + 1);
    /** Loop round the top-left 2×1 block: row 1, columns 1 and 2 each have 3 lines around them. */
    const domino = [h(0, 0), h(0, 1), h(1, 0), h(1, 1), v(0, 0), v(0, 2)];

    it.each([
      // The square has 2 lines round row 1 column 1, 1 round row 1 column 3 and none round row 3 column 3.
      [0, '2', null],
      [0, '1', 'the clue 1 at row 1, column 1 has 2 lines around it'],
      [0, '3', 'the clue 3 at row 1, column 1 has 2 lines around it'],
      [0, '0', 'the clue 0 at row 1, column 1 has 2 lines around it'],
      [2, '1', null],
      [2, '0', 'the clue 0 at row 1, column 3 has 1 line around it'],
      [2, '2', 'the clue 2 at row 1, column 3 has 1 line around it'],
      [8, '0', null],
      [8, '1', 'the clue 1 at row 3, column 3 has 0 lines around it'],
    ])('judges the square with the clue at cell %i being %s', (cell, clue, reason) => {
      const result = engine.check(
        { width: W, height: H, clues: at(cell, clue) },
        { edges: edgesOf(W, H, square) },
      );
      expect(result).toEqual(reason === null ? { ok: true } : { ok: false, reason });
    });

    it('accepts a 3 clue with three lines around it', () => {
      const result = engine.check(
        { width: W, height: H, clues: at(0, '3') },
        { edges: edgesOf(W, H, domino) },
      );
      expect(result).toEqual({ ok: true });
    });

    it('rejects a 2 clue with three lines around it', () => {
      const result = engine.check(
        { width: W, height: H, clues: at(1, '2') },
        { edges: edgesOf(W, H, domino) },
      );
      expect(result).toEqual({ ok: false, reason: 'the clue 2 at row 1, column 2 has 3 lines around it' });
    });

    it('checks the clue of the last cell', () => {
      const result = engine.check(
        { width: W, height: H, clues: at(8, '3') },
        { edges: edgesOf(W, H, square) },
      );
      expect(result).toEqual({ ok: false, reason: 'the clue 3 at row 3, column 3 has 0 lines around it' });
    });
  });

  it('names the first dot where an open line ends, on a board without clues', () => {
    const result = engine.check(
      { width: W, height: H, clues: '.........' },
      { edges: edgesOf(W, H, square.slice(1)) },
    );
    expect(result).toEqual({
      ok: false,
      reason: 'the line ends at the dot (row 1, column 1): it must be a closed loop',
    });
  });

  it('names the dot where the line branches, on a board without clues', () => {
    const result = engine.check(
      { width: W, height: H, clues: '.........' },
      { edges: edgesOf(W, H, [...square, h(1, 0)]) },
    );
    expect(result).toEqual({ ok: false, reason: 'the line branches at the dot (row 2, column 1)' });
  });

  it('names dots by row and column on a board wider than it is tall', () => {
    // 4×2: a loop round the right-hand cell of the top row, missing its right side.
    const w = 4;
    const ht = 2;
    const open = [hEdge(w, 0, 3), hEdge(w, 1, 3), vEdge(w, ht, 0, 3)];
    const result = engine.check({ width: w, height: ht, clues: '........' }, { edges: edgesOf(w, ht, open) });
    expect(result).toEqual({
      ok: false,
      reason: 'the line ends at the dot (row 1, column 5): it must be a closed loop',
    });
  });

  it('says no line was drawn for an empty drawing', () => {
    expect(engine.check(puzzle, { edges: '0'.repeat(24) })).toEqual({
      ok: false,
      reason: 'no line drawn: draw one closed loop',
    });
  });

  it.each([
    [null, 'expected an object {edges: "0101…"}'],
    [[], 'expected an object {edges: "0101…"}'],
    [{ edges: 5 }, 'edges must be a string of 0s and 1s'],
    [{ edges: '0'.repeat(23) }, 'edges must have 24 characters for a 3×3 board, got 23'],
    [{ edges: '0'.repeat(25) }, 'edges must have 24 characters for a 3×3 board, got 25'],
    [{ edges: `${'0'.repeat(23)}2` }, 'edges may only contain 0 and 1'],
  ])('rejects %j saying why', (submission, reason) => {
    expect(engine.check(puzzle, submission)).toEqual({ ok: false, reason });
  });

  it('rejects an empty drawing', () => {
    expect(engine.check(puzzle, { edges: '0'.repeat(24) })).toMatchObject({ ok: false });
  });

  it.each([
    ['null', null],
    ['a string', '0101'],
    ['an array', []],
    ['a missing edges field', {}],
    ['edges as a number', { edges: 5 }],
    ['edges of the wrong length', { edges: '0101' }],
    ['edges with other characters', { edges: '2'.repeat(24) }],
  ])('rejects %s with a reason instead of throwing', (_, submission) => {
    const result = engine.check(puzzle, submission);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.reason.length > 0).toBe(true);
  });

  it('never throws on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (submission) => {
        expect(engine.check(puzzle, submission).ok).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom('0', '1'), { minLength: 24, maxLength: 24 }), (bits) => {
        expect(() => engine.check(puzzle, { edges: bits.join('') })).not.toThrow();
      }),
    );
  });
});
