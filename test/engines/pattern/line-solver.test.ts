import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BitLineSolver,
  computeClue,
  DpLineSolver,
  LineSolver,
  MAX_BIT_LINE,
} from '../../../src/engines/pattern/index.js';

const EMPTY = 1;
const FILLED = 2;
const UNKNOWN = 3;

/** The original's way: every 0/1 line of the length, kept when it reads the clue and fits the known cells. */
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

/**
 * The original's other way, for lines too long for the one above: every placement of the runs (starts in
 * order, one empty cell at least between runs), kept when it fits the known cells. Placements that
 * already clash with a known cell are not extended. Returns 'too many' past `budget` placements.
 */
function byPlacements(clue: number[], cells: number[], budget = 100_000): number[] | undefined | 'too many' {
  const n = cells.length;
  const out = new Array<number>(n).fill(0);
  const line = new Array<number>(n).fill(0);
  const allows = (i: number, v: number) => ((cells[i] ?? 0) & (v === 1 ? FILLED : EMPTY)) !== 0;
  let found = 0;
  const place = (j: number, from: number): void => {
    if (found > budget) return;
    if (j === clue.length) {
      for (let i = from; i < n; i++) if (!allows(i, 0)) return;
      found++;
      line.forEach((v, i) => {
        out[i] = (out[i] ?? 0) | (i < from ? (v === 1 ? FILLED : EMPTY) : EMPTY);
      });
      return;
    }
    const run = clue[j] ?? 0;
    for (let start = from; start + run <= n; start++) {
      if (start > from) {
        if (!allows(start - 1, 0)) return;
        line[start - 1] = 0;
      }
      let fits = true;
      for (let i = start; i < start + run; i++) {
        if (!allows(i, 1)) fits = false;
        line[i] = 1;
      }
      const end = start + run;
      if (fits && (end === n || allows(end, 0))) {
        if (end < n) line[end] = 0;
        place(j + 1, Math.min(n, end + 1));
      }
    }
  };
  place(0, 0);
  if (found > budget) return 'too many';
  return found > 0 ? out : undefined;
}

function solveLine(clue: number[], cells: number[]): number[] | undefined {
  const solver = new LineSolver(cells.length, Math.max(1, clue.length));
  const out = new Uint8Array(cells.length);
  return solver.solve(clue, cells.length, cells, out) ? Array.from(out) : undefined;
}

describe('the dynamic-programming line solver', () => {
  it('fixes every cell of [1,3] in 5 (one placement in the original)', () => {
    expect(solveLine([1, 3], [3, 3, 3, 3, 3])).toEqual([FILLED, EMPTY, FILLED, FILLED, FILLED]);
  });

  it('fixes nothing for [1,1] in 5 (six placements in the original)', () => {
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

/** A line of n cells holds at most ⌈n/2⌉ runs (filled, empty, filled, …). */
const mostRuns = (n: number) => Math.ceil(n / 2);

/** A random line: clue from a random picture or made up, cells partly known (from the picture or not). */
const randomLine = (minLength: number, maxLength: number) =>
  fc.integer({ min: minLength, max: maxLength }).chain((length) =>
    fc.record({
      picture: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: length, maxLength: length }),
      knownFromPicture: fc.array(fc.constantFrom(true, false, false), {
        minLength: length,
        maxLength: length,
      }),
      knownAnyhow: fc.array(fc.constantFrom(EMPTY, FILLED, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN), {
        minLength: length,
        maxLength: length,
      }),
      consistent: fc.boolean(),
      clueFromPicture: fc.boolean(),
      otherClue: fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 8 }),
    }),
  );

describe('the bit-parallel line solver', () => {
  it('gives the same cells as the array DP and as enumerating placements, on lines up to 30 cells', () => {
    expect(MAX_BIT_LINE).toBe(30);
    const bits = new BitLineSolver(mostRuns(MAX_BIT_LINE));
    const dp = new DpLineSolver(MAX_BIT_LINE, mostRuns(MAX_BIT_LINE));
    const outBits = new Uint8Array(MAX_BIT_LINE);
    const outDp = new Uint8Array(MAX_BIT_LINE);
    fc.assert(
      fc.property(
        randomLine(1, MAX_BIT_LINE),
        ({ picture, knownFromPicture, knownAnyhow, consistent, clueFromPicture, otherClue }) => {
          const clue = clueFromPicture ? computeClue(picture) : otherClue;
          const cells = consistent
            ? picture.map((v, i) => (knownFromPicture[i] ? (v === 1 ? FILLED : EMPTY) : UNKNOWN))
            : knownAnyhow;
          const expected = byPlacements(clue, cells);
          fc.pre(expected !== 'too many');
          const n = cells.length;
          const okBits = bits.solve(clue, n, cells, outBits);
          const okDp = dp.solve(clue, n, cells, outDp);
          expect(okBits ? Array.from(outBits.subarray(0, n)) : undefined).toEqual(expected);
          expect(okDp ? Array.from(outDp.subarray(0, n)) : undefined).toEqual(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reports the masks it narrowed: [3] in 5 cells with cell 0 empty fixes cells 2 and 3', () => {
    const bits = new BitLineSolver(1);
    expect(bits.solveMasks([3], 5, 0b11110, 0b11111)).toBe(true);
    expect(bits.mayFill.toString(2)).toBe('11110');
    expect(bits.mayEmpty.toString(2)).toBe('10011');
  });

  it('leaves lines longer than 30 cells to the array DP, which agrees with enumerating placements', () => {
    const solver = new LineSolver(45, mostRuns(45));
    const out = new Uint8Array(45);
    fc.assert(
      fc.property(
        randomLine(MAX_BIT_LINE + 1, 45),
        ({ picture, knownFromPicture, clueFromPicture, otherClue }) => {
          const clue = clueFromPicture ? computeClue(picture) : otherClue;
          const cells = picture.map((v, i) => (knownFromPicture[i] ? (v === 1 ? FILLED : EMPTY) : UNKNOWN));
          const expected = byPlacements(clue, cells);
          fc.pre(expected !== 'too many');
          const ok = solver.solve(clue, cells.length, cells, out);
          expect(ok ? Array.from(out.subarray(0, cells.length)) : undefined).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('solves a fully known 45-cell line of 17 runs (fast-check seed 365570944, once sized for 16 runs)', () => {
    const picture = [
      1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0,
      0, 0, 1, 0, 0, 1, 0, 1, 0, 1,
    ];
    const clue = computeClue(picture);
    expect(clue).toHaveLength(17);
    const cells = picture.map((v) => (v === 1 ? FILLED : EMPTY));
    const out = new Uint8Array(45);
    expect(new LineSolver(45, clue.length).solve(clue, 45, cells, out)).toBe(true);
    expect(Array.from(out)).toEqual(cells);
  });

  it('refuses a line with more runs than it was sized for instead of answering wrongly', () => {
    const out = new Uint8Array(45);
    const runs = [1, 1, 1];
    const cells = new Array<number>(45).fill(UNKNOWN);
    expect(() => new LineSolver(45, 2).solve(runs, 45, cells, out)).toThrow(RangeError);
    expect(() => new LineSolver(45, 2).solve(runs, 20, cells, out)).toThrow(RangeError);
    expect(new LineSolver(45, 3).solve(runs, 45, cells, out)).toBe(true);
  });
});
