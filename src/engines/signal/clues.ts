import { visibleCount } from './geometry.js';

export interface EdgeClues {
  top: number[];
  bottom: number[];
  left: number[];
  right: number[];
}

/** Every edge clue of a solved grid (n² digits row-major). */
export function cluesOf(grid: string, n: number): EdgeClues {
  const heights = Array.from(grid, (ch) => Number(ch));
  const top: number[] = [];
  const bottom: number[] = [];
  const left: number[] = [];
  const right: number[] = [];
  for (let i = 0; i < n; i++) {
    top.push(visibleCount(heights, i, n, n));
    bottom.push(visibleCount(heights, (n - 1) * n + i, -n, n));
    left.push(visibleCount(heights, i * n, 1, n));
    right.push(visibleCount(heights, i * n + n - 1, -1, n));
  }
  return { top, bottom, left, right };
}
