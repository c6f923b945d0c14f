import type { SignalPuzzle } from '../../../src/engines/signal/index.js';

/** Every Latin square of side n as n² digits (576 for n = 4), by plain enumeration. */
export function latinSquares(n: number): string[] {
  const out: string[] = [];
  const grid: number[] = [];
  const fill = (cell: number): void => {
    if (cell === n * n) {
      out.push(grid.join(''));
      return;
    }
    const r = Math.floor(cell / n);
    const c = cell % n;
    for (let h = 1; h <= n; h++) {
      let clash = false;
      for (let k = 0; k < c && !clash; k++) clash = grid[r * n + k] === h;
      for (let k = 0; k < r && !clash; k++) clash = grid[k * n + c] === h;
      if (clash) continue;
      grid[cell] = h;
      fill(cell + 1);
    }
  };
  fill(0);
  return out;
}

/** A puzzle with only the listed clues (everything else 0) and no givens unless given. */
export function puzzleOf(n: number, parts: Partial<SignalPuzzle>): SignalPuzzle {
  const none = () => Array.from({ length: n }, () => 0);
  return { n, top: none(), bottom: none(), left: none(), right: none(), givens: '.'.repeat(n * n), ...parts };
}

/** Masts seen along a list of heights from its start. */
export function seen(heights: readonly number[]): number {
  let top = 0;
  let count = 0;
  for (const h of heights) {
    if (h > top) {
      top = h;
      count++;
    }
  }
  return count;
}

/** Does the Latin square `grid` meet every clue and given of `puzzle`? */
export function fits(puzzle: SignalPuzzle, grid: string): boolean {
  const { n } = puzzle;
  const h = Array.from(grid, Number);
  const row = (r: number) => h.slice(r * n, r * n + n);
  const col = (c: number) => Array.from({ length: n }, (_, r) => h[r * n + c] ?? 0);
  for (let i = 0; i < n; i++) {
    const checks: [number | undefined, number[]][] = [
      [puzzle.left[i], row(i)],
      [puzzle.right[i], row(i).reverse()],
      [puzzle.top[i], col(i)],
      [puzzle.bottom[i], col(i).reverse()],
    ];
    for (const [clue, line] of checks) if (clue && seen(line) !== clue) return false;
  }
  return [...puzzle.givens].every((g, cell) => g === '.' || g === grid[cell]);
}
