import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeClue, LineSolver } from '../../../src/engines/pattern/index.js';

const EMPTY = 1;
const FILLED = 2;
const UNKNOWN = 3;

/** The seeds' way: every 0/1 line of the length, kept when it reads the clue and fits the known cells. */
function byEnumeration(clue: number[], cells: number[]): number[] | undefined {
  const out = new Array<number>(cells.length).fill(0);
  let any = false;
  for (let mask = 0; mask < 1 << cells.length; mask++) {
    const line = cells.map((_, i) => (mask >> i) & 1);
    if (line.some((v, i) => ((cells[i] ?? 0) & (v === 1 ? FILLED : EMPTY)) === 0)) continue;
    if (computeClue(line).join(',') !== clue.join(',')) continue;
    any = true;
    line.forEach((v, i) => {
      out[i] = (out[i] ?? 0) | (v === 1 ? FILLED : EMPTY);
    });
  }
  return any ? out : undefined;
}

function solveLine(clue: number[], cells: number[]): number[] | undefined {
  const solver = new LineSolver(cells.length, Math.max(1, clue.length));
  const out = new Uint8Array(cells.length);
  return solver.solve(clue, cells.length, cells, out) ? Array.from(out) : undefined;
}

describe('the dynamic-programming line solver', () => {
  it('fixes every cell of [1,3] in 5 (the seeds: one placement)', () => {
    expect(solveLine([1, 3], [3, 3, 3, 3, 3])).toEqual([FILLED, EMPTY, FILLED, FILLED, FILLED]);
  });

  it('fixes nothing for [1,1] in 5 (the seeds: six placements)', () => {
    expect(solveLine([1, 1], [3, 3, 3, 3, 3])).toEqual([UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN]);
  });

  it('fills the overlap of a long run', () => {
    expect(solveLine([4], [3, 3, 3, 3, 3])).toEqual([UNKNOWN, FILLED, FILLED, FILLED, UNKNOWN]);
  });

  it('uses known cells: a filled end pins the run', () => {
    expect(solveLine([2], [FILLED, 3, 3, 3, 3])).toEqual([FILLED, FILLED, EMPTY, EMPTY, EMPTY]);
  });

  it('reports a contradiction when no placement fits the known cells', () => {
    expect(solveLine([3], [3, EMPTY, 3, EMPTY, 3])).toBeUndefined();
  });

  it('empties a line whose clue is empty, and rejects a filled cell there', () => {
    expect(solveLine([], [3, 3, 3])).toEqual([EMPTY, EMPTY, EMPTY]);
    expect(solveLine([], [3, FILLED, 3])).toBeUndefined();
  });

  it('agrees with enumerating every placement on random lines and partial knowledge', () => {
    const line = fc.integer({ min: 1, max: 11 }).chain((length) =>
      fc.record({
        picture: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: length, maxLength: length }),
        known: fc.array(fc.constantFrom(EMPTY, FILLED, UNKNOWN, UNKNOWN), {
          minLength: length,
          maxLength: length,
        }),
        clueFromPicture: fc.boolean(),
        otherClue: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 4 }),
      }),
    );
    fc.assert(
      fc.property(line, ({ picture, known, clueFromPicture, otherClue }) => {
        const clue = clueFromPicture ? computeClue(picture) : otherClue;
        expect(solveLine(clue, known)).toEqual(byEnumeration(clue, known));
      }),
      { numRuns: 2000 },
    );
  });
});
