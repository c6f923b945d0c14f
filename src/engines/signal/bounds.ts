import { bitOf, fullMask } from './bits.js';
import type { Geometry } from './geometry.js';

/**
 * The static consequences of the clues: a clue of 1 puts the tallest mast next to it, and a clue c
 * leaves at most n − c + d + 1 for the mast d cells in (counting from 0), since c − 1 ascending masts
 * must fit from there on. A clue of n therefore spells out the ascending line. Returns how many cells
 * were narrowed.
 */
export function applyClueBounds(geo: Geometry, domains: Uint16Array): number {
  const { n, cells, front, back } = geo;
  let narrowed = 0;
  const bound = (cell: number, mask: number): void => {
    const before = domains[cell] ?? 0;
    const after = before & mask;
    if (after !== before) {
      domains[cell] = after;
      narrowed++;
    }
  };
  for (let l = 0; l < 2 * n; l++) {
    for (const [clue, first, step] of [
      [front[l] ?? 0, l * n, 1],
      [back[l] ?? 0, l * n + n - 1, -1],
    ] as const) {
      if (clue === 0) continue;
      if (clue === 1) {
        bound(cells[first] ?? 0, bitOf(n));
        continue;
      }
      for (let d = 0; d < clue - 1; d++) bound(cells[first + d * step] ?? 0, fullMask(n - clue + d + 1));
    }
  }
  return narrowed;
}
