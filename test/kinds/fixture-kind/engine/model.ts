/** The fixture kind "latin": a 4×4 Latin square with givens, small enough to solve by brute force. */
export const N = 4;
export const CELLS = N * N;
export const LATIN_LEVELS = ['easy', 'hard'] as const;
export type LatinLevel = (typeof LATIN_LEVELS)[number];

/** `givens`: 16 characters row-major, a digit 1–4 or '.'. */
export interface LatinPuzzle {
  givens: string;
}

/** `grid`: 16 digits 1–4 row-major. */
export interface LatinSolution {
  grid: string;
}

/** A player's position for a hint: the givens and the digits entered, '.' where a cell is empty. */
export interface LatinPosition {
  grid: string;
}

/** The cells that share a row or a column with `cell`, itself excluded. */
export function peers(cell: number): number[] {
  const row = Math.floor(cell / N);
  const col = cell % N;
  const out: number[] = [];
  for (let i = 0; i < N; i++) {
    if (i !== col) out.push(row * N + i);
    if (i !== row) out.push(i * N + col);
  }
  return out.sort((a, b) => a - b);
}

/** The digits `cell` may still take in `grid` ('.' for empty cells). */
export function candidates(grid: string, cell: number): number[] {
  const used = new Set(peers(cell).map((p) => grid[p]));
  return [1, 2, 3, 4].filter((d) => !used.has(String(d)));
}
