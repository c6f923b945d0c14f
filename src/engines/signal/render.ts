import type { SignalPuzzle, SignalSolution } from './model.js';

/**
 * The board with its clues around it; blank cells as '.', and with a solution the solved heights:
 *
 *       2 1 3 2
 *     +---------+
 *   3 | . . 4 . | 1
 *     +---------+
 *       1 3 2 2
 */
export function render(puzzle: SignalPuzzle, solution?: SignalSolution): string {
  const { n } = puzzle;
  const clue = (value: number | undefined): string => (value ? String(value) : ' ');
  const edgeRow = (clues: number[]): string => `    ${clues.map(clue).join(' ')}`.trimEnd();
  const rule = `  +${'-'.repeat(2 * n + 1)}+`;
  const lines = [edgeRow(puzzle.top), rule];
  for (let r = 0; r < n; r++) {
    const cells: string[] = [];
    for (let c = 0; c < n; c++) cells.push(solution?.grid[r * n + c] ?? puzzle.givens[r * n + c] ?? '.');
    lines.push(`${clue(puzzle.left[r])} | ${cells.join(' ')} | ${clue(puzzle.right[r])}`.trimEnd());
  }
  lines.push(rule, edgeRow(puzzle.bottom));
  return lines.join('\n');
}
