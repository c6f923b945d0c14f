import { LineSolver } from './line-solver.js';
import { type PatternPuzzle, UNKNOWN } from './model.js';

/**
 * Line logic in rounds, as a person works: each round looks at every row and column once, against the
 * grid as the round found it, and writes down what full line logic on that line alone decides. Returns
 * the rounds until nothing changes (the last, quiet round not counted) and the cells left undecided.
 */
export function lineRounds(puzzle: PatternPuzzle): { rounds: number; undecided: number } {
  const { width, height } = puzzle;
  const clues = [...puzzle.rows, ...puzzle.cols];
  const maxRuns = clues.reduce((m, runs) => Math.max(m, runs.length), 0);
  const solver = new LineSolver(Math.max(width, height), maxRuns);
  const cells = new Uint8Array(width * height).fill(UNKNOWN);
  const lineIn = new Uint8Array(Math.max(width, height));
  const lineOut = new Uint8Array(lineIn.length);
  const cellAt = (line: number, p: number): number =>
    line < height ? line * width + p : p * width + (line - height);
  let rounds = 0;
  for (;;) {
    const before = cells.slice();
    let changed = false;
    for (let line = 0; line < clues.length; line++) {
      const length = line < height ? width : height;
      for (let p = 0; p < length; p++) lineIn[p] = before[cellAt(line, p)]!;
      if (!solver.solve(clues[line]!, length, lineIn, lineOut)) return { rounds, undecided: -1 };
      for (let p = 0; p < length; p++) {
        const cell = cellAt(line, p);
        const next = cells[cell]! & lineOut[p]!;
        if (next !== cells[cell]) {
          cells[cell] = next;
          changed = true;
        }
      }
    }
    if (!changed) break;
    rounds++;
  }
  return { rounds, undecided: cells.reduce((k, v) => k + (v === UNKNOWN ? 1 : 0), 0) };
}
