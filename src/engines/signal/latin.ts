import { type Rng, randomInt } from '../rng.js';
import { fullMask, heightOf, popcount } from './bits.js';

/** Random restarts after this many dead ends; rarely reached below 9×9. */
const DEAD_END_LIMIT = 2_000;

/**
 * A random Latin square of side n, as n² digits row-major: cells are filled row by row with a height
 * drawn at random among those still free in its row and column, backtracking on a dead end. Unlike a
 * permuted cyclic square this reaches every Latin square, so puzzles do not share a hidden structure.
 */
export function randomLatinSquare(random: Rng, n: number): string {
  const full = fullMask(n);
  const cellCount = n * n;
  const rows = new Uint16Array(n);
  const cols = new Uint16Array(n);
  const grid = new Uint8Array(cellCount);
  /** Heights not yet tried at each cell on the current path. */
  const untried = new Uint16Array(cellCount);
  for (;;) {
    rows.fill(0);
    cols.fill(0);
    let deadEnds = 0;
    let cell = 0;
    untried[0] = full;
    while (cell < cellCount && deadEnds < DEAD_END_LIMIT) {
      const r = Math.floor(cell / n);
      const c = cell % n;
      const options = (untried[cell] ?? 0) & ~(rows[r] ?? 0) & ~(cols[c] ?? 0);
      if (options === 0) {
        deadEnds++;
        if (cell === 0) break;
        cell--;
        const back = 1 << ((grid[cell] ?? 1) - 1);
        rows[Math.floor(cell / n)] = (rows[Math.floor(cell / n)] ?? 0) & ~back;
        cols[cell % n] = (cols[cell % n] ?? 0) & ~back;
        continue;
      }
      let pick = randomInt(random, popcount(options));
      let bits = options;
      while (pick-- > 0) bits &= bits - 1;
      const bit = bits & -bits;
      untried[cell] = (untried[cell] ?? 0) & ~bit;
      grid[cell] = heightOf(bit);
      rows[r] = (rows[r] ?? 0) | bit;
      cols[c] = (cols[c] ?? 0) | bit;
      cell++;
      if (cell < cellCount) untried[cell] = full;
    }
    if (cell === cellCount) return grid.join('');
  }
}
