import { type ColorSortPuzzle, isSolved, pourError } from '../../../src/engines/colorsort/index.js';

/** The original's example: generate({numColors: 5, seed: 'notes-example'}), accepted at attempt 2. */
export const NOTES_EXAMPLE: ColorSortPuzzle = {
  capacity: 4,
  numColors: 5,
  duplicateColors: 0,
  emptyTubes: 2,
  tubes: [[2, 1, 0, 3], [2, 3, 1, 4], [1, 4, 4, 0], [0, 3, 3, 0], [1, 2, 4, 2], [], []],
};

export function copyOf(puzzle: ColorSortPuzzle): ColorSortPuzzle {
  return { ...puzzle, tubes: puzzle.tubes.map((t) => t.slice()) };
}

/** An independent reference: breadth-first search over every legal pour, states keyed by sorted tube strings. */
export function bfsShortest(tubes: number[][], capacity: number): number | null {
  const key = (s: number[][]) =>
    s
      .map((t) => t.join(','))
      .sort()
      .join('|');
  const seen = new Set([key(tubes)]);
  let frontier = [tubes];
  for (let depth = 0; frontier.length > 0; depth++) {
    const next: number[][][] = [];
    for (const s of frontier) {
      if (isSolved(s, capacity)) return depth;
      for (let i = 0; i < s.length; i++) {
        for (let j = 0; j < s.length; j++) {
          if (pourError(s, capacity, i, j) !== null) continue;
          const c = s.map((t) => t.slice());
          const src = c[i] as number[];
          const dst = c[j] as number[];
          const top = src[src.length - 1];
          while (src.length > 0 && src[src.length - 1] === top) dst.push(src.pop() as number);
          const k = key(c);
          if (!seen.has(k)) {
            seen.add(k);
            next.push(c);
          }
        }
      }
    }
    frontier = next;
  }
  return null;
}
