import type { PatternPuzzle, PatternSolution } from './model.js';

/**
 * The puzzle as a player sees it on paper: column clues stacked above the grid, row clues to its left,
 * a ruler every 5 cells. Cells are '.' (blank or empty) and, when a solution is given, '#' (filled).
 *
 *             1
 *           2 1 3
 *       1 1 . # . | …
 */
export function render(puzzle: PatternPuzzle, solution?: PatternSolution): string {
  const { width, height, rows, cols } = puzzle;
  const rowText = rows.map((runs) => runs.join(' '));
  const margin = Math.max(1, ...rowText.map((text) => text.length));
  const depth = Math.max(1, ...cols.map((runs) => runs.length));
  // A space plus the widest column run per cell: two characters (roughly square) unless runs reach 10.
  const cellWidth = 1 + Math.max(1, ...cols.flat().map((run) => String(run).length));
  const pad = ' '.repeat(cellWidth - 1);
  const ruler = (c: number) => (c > 0 && c % 5 === 0 ? ' |' : '');
  const lines: string[] = [];
  for (let d = 0; d < depth; d++) {
    let text = ' '.repeat(margin);
    for (let c = 0; c < width; c++) {
      const runs = cols[c] ?? [];
      const run = runs[d - (depth - runs.length)];
      text += ruler(c) + (run === undefined ? '' : String(run)).padStart(cellWidth);
    }
    lines.push(text.trimEnd());
  }
  const divider =
    ' '.repeat(margin) +
    Array.from({ length: width }, (_, c) => (ruler(c) ? '-+' : '') + '-'.repeat(cellWidth)).join('');
  for (let r = 0; r < height; r++) {
    if (r > 0 && r % 5 === 0) lines.push(divider);
    let text = (rowText[r] ?? '').padStart(margin);
    for (let c = 0; c < width; c++) {
      const cell = solution?.cells[r * width + c];
      text += ruler(c) + pad + (cell === '1' ? '#' : '.');
    }
    lines.push(text.trimEnd());
  }
  return lines.join('\n');
}
