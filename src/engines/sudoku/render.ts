import type { SudokuPuzzle, SudokuSolution } from './types.js';

const RULE = '+-------+-------+-------+';

/** The grid in boxes; with a solution, the filled grid. Blanks print as '.'. */
export function render(puzzle: SudokuPuzzle, solution?: SudokuSolution): string {
  const grid = solution?.grid ?? puzzle.grid;
  const lines: string[] = [RULE];
  for (let r = 0; r < 9; r++) {
    let line = '|';
    for (let c = 0; c < 9; c++) {
      line += ` ${grid[r * 9 + c]}`;
      if (c % 3 === 2) line += ' |';
    }
    lines.push(line);
    if (r % 3 === 2) lines.push(RULE);
  }
  return lines.join('\n');
}
