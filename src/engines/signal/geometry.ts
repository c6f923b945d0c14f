import type { SignalPuzzle } from './model.js';

/**
 * The 2n lines of a board as seen from their clues: line r < n is row r read left→right (front clue
 * `left`, back clue `right`); line n + c is column c read top→bottom (front `top`, back `bottom`).
 */
export interface Geometry {
  n: number;
  /** cells[l * n + i]: the i-th cell of line l counted from its front clue. */
  cells: Uint8Array;
  front: Uint8Array;
  back: Uint8Array;
  /** peers[cell * (2n − 2) + k]: the other cells of the cell's row and column. */
  peers: Uint8Array;
}

export function geometryOf(puzzle: SignalPuzzle): Geometry {
  const { n } = puzzle;
  const cells = new Uint8Array(2 * n * n);
  const front = new Uint8Array(2 * n);
  const back = new Uint8Array(2 * n);
  for (let r = 0; r < n; r++) {
    for (let i = 0; i < n; i++) cells[r * n + i] = r * n + i;
    front[r] = puzzle.left[r] ?? 0;
    back[r] = puzzle.right[r] ?? 0;
  }
  for (let c = 0; c < n; c++) {
    for (let i = 0; i < n; i++) cells[(n + c) * n + i] = i * n + c;
    front[n + c] = puzzle.top[c] ?? 0;
    back[n + c] = puzzle.bottom[c] ?? 0;
  }
  const degree = 2 * n - 2;
  const peers = new Uint8Array(n * n * degree);
  for (let cell = 0; cell < n * n; cell++) {
    const r = Math.floor(cell / n);
    const c = cell % n;
    let k = cell * degree;
    for (let i = 0; i < n; i++) {
      if (i !== c) peers[k++] = r * n + i;
      if (i !== r) peers[k++] = i * n + c;
    }
  }
  return { n, cells, front, back, peers };
}

/** How many masts of a line are seen from its start: each new maximum is seen. */
export function visibleCount(heights: ArrayLike<number>, start: number, step: number, count: number): number {
  let tallest = 0;
  let seen = 0;
  for (let k = 0, i = start; k < count; k++, i += step) {
    const h = heights[i] ?? 0;
    if (h > tallest) {
      tallest = h;
      seen++;
    }
  }
  return seen;
}

export type Side = 'top' | 'bottom' | 'left' | 'right';

/** Changes one clue of both the puzzle and its line tables, keeping them in step. */
export function setClue(puzzle: SignalPuzzle, geo: Geometry, side: Side, index: number, clue: number): void {
  const { n } = puzzle;
  puzzle[side][index] = clue;
  if (side === 'left') geo.front[index] = clue;
  else if (side === 'right') geo.back[index] = clue;
  else if (side === 'top') geo.front[n + index] = clue;
  else geo.back[n + index] = clue;
}
