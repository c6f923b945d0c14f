import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyClueBounds } from '../../../src/engines/signal/bounds.js';
import { geometryOf } from '../../../src/engines/signal/geometry.js';
import { LINE_CONTRADICTION, LineReviser } from '../../../src/engines/signal/line.js';
import { puzzleOf, seen } from './helpers.js';

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, i) => [...p.slice(0, i), n, ...p.slice(i)]),
  );
}

/** Bounds of row 0 of an n×n board with the given left/right clues, as candidate masks. */
function boundedRow(n: number, left: number, right: number): number[] {
  const puzzle = puzzleOf(n, {
    left: [left, ...Array(n - 1).fill(0)],
    right: [right, ...Array(n - 1).fill(0)],
  });
  const domains = new Uint16Array(n * n).fill((1 << n) - 1);
  applyClueBounds(geometryOf(puzzle), domains);
  return [...domains.slice(0, n)];
}

describe('signal clue bounds', () => {
  it('puts the tallest mast next to a clue of 1', () => {
    expect(boundedRow(5, 1, 0)[0]).toBe(0b10000);
  });

  it('allows only the ascending line under a clue of n, cell d at most d + 1', () => {
    expect(boundedRow(4, 4, 0)).toEqual([0b0001, 0b0011, 0b0111, 0b1111]);
  });

  it('bounds the cell d in from a clue c by n − c + d + 1 until the tallest can stand', () => {
    // n = 6, clue 3: cell 0 at most 4, cell 1 at most 5, the rest free.
    expect(boundedRow(6, 3, 0)).toEqual([0b001111, 0b011111, 0b111111, 0b111111, 0b111111, 0b111111]);
  });

  it('applies the bounds from the far end too', () => {
    expect(boundedRow(4, 0, 2)).toEqual([0b1111, 0b1111, 0b1111, 0b0111]);
  });
});

describe('signal line revision', () => {
  it('keeps exactly the candidates that occur in some permutation meeting both clues', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 3, max: 6 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.array(fc.integer({ min: 1, max: (1 << n) - 1 }), { minLength: n, maxLength: n }),
              fc.integer({ min: 0, max: n }),
              fc.integer({ min: 0, max: n }),
            ),
          ),
        ([n, line, front, back]) => {
          const union = Array<number>(n).fill(0);
          let any = false;
          for (const p of permutations(n)) {
            if (!p.every((h, i) => (line[i] ?? 0) & (1 << (h - 1)))) continue;
            if (front && seen(p) !== front) continue;
            if (back && seen([...p].reverse()) !== back) continue;
            any = true;
            p.forEach((h, i) => {
              union[i] = (union[i] ?? 0) | (1 << (h - 1));
            });
          }
          const reviser = new LineReviser(n);
          const verdict = reviser.revise(line, front, back, 1e9);
          if (!any) expect(verdict).toBe(LINE_CONTRADICTION);
          else expect([...reviser.result]).toEqual(union);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('places the tallest mast where both clues of 2 and 2 on a line of 3 demand', () => {
    const reviser = new LineReviser(3);
    reviser.revise([0b111, 0b111, 0b111], 2, 2, 1e9);
    expect([...reviser.result]).toEqual([0b011, 0b100, 0b011]);
  });
});
