/**
 * ASCII picture for the CLI: one column per tube, top row first, colours as letters A…T, units hidden
 * at the start in lower case, free space as '.'. With a solution, the board after its moves.
 */

import type { ColorSortPuzzle, ColorSortSolution } from './puzzle.js';
import { replay } from './replay.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRST';

export function render(puzzle: ColorSortPuzzle, solution?: ColorSortSolution): string {
  const result = replay(puzzle, solution?.moves ?? []);
  if (!result.ok) return `(the solution is illegal: ${result.reason})`;
  const { tubes, hidden } = result.state;
  const width = String(tubes.length - 1).length + 1;
  const cell = (s: string) => s.padStart(width);
  const lines: string[] = [];
  for (let level = puzzle.capacity - 1; level >= 0; level--) {
    lines.push(
      tubes
        .map((t, i) => {
          const c = t[level];
          if (c === undefined) return cell('.');
          const letter = LETTERS[c] ?? '?';
          return cell(hidden[i]?.[level] ? letter.toLowerCase() : letter);
        })
        .join(''),
    );
  }
  lines.push(tubes.map((_, i) => cell(String(i))).join(''));
  if (solution) lines.push(`${solution.moves.length} moves`);
  return lines.join('\n');
}
