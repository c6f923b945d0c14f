import { geometry, hEdge, vEdge } from './geometry.js';
import type { LoopPuzzle, LoopSolution } from './model.js';

/**
 * ASCII board in the original's style: '+' dots, '---' and '|' lines, clues in the cells ('.' for blank).
 * Without a solution only dots and clues are drawn.
 */
export function render(puzzle: LoopPuzzle, solution?: LoopSolution): string {
  const { width: W, height: H, clues } = puzzle;
  const total = geometry(W, H).edges;
  const on = (e: number) =>
    solution !== undefined && solution.edges.length === total && solution.edges[e] === '1';
  const lines: string[] = [];
  for (let r = 0; r <= H; r++) {
    let dots = '+';
    for (let c = 0; c < W; c++) dots += (on(hEdge(W, r, c)) ? '---' : '   ') + '+';
    lines.push(dots.trimEnd());
    if (r === H) break;
    let row = '';
    for (let c = 0; c <= W; c++) {
      row += on(vEdge(W, H, r, c)) ? '|' : ' ';
      if (c < W) row += ` ${clues[r * W + c]} `;
    }
    lines.push(row.trimEnd());
  }
  return lines.join('\n');
}
