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
