import type { Hint, HintConclusion, HintStep } from '../hint.js';
import { PuzzleInputError } from '../types.js';
import { LineSolver } from './line-solver.js';
import { EMPTY, FILLED, type PatternPuzzle, type PatternSolution, UNKNOWN } from './model.js';
import { Propagator } from './propagate.js';

/** The player's position: row-major '1' filled, '0' marked empty, '.' open. */
export interface PatternPosition {
  cells: string;
}

/**
 * The grader's next step from a board (src/engines/pattern/solve.ts): the first line, rows then
 * columns, whose clue fixes an open cell in every way it fits; once no line does, a probe (a cell
 * whose one value leads line logic into a contradiction, or whose two values agree on other cells: then
 * the agreed cells of one row, the first, so that a hint is one step).
 */
export function nextHint(puzzle: PatternPuzzle, solution: PatternSolution, board: PatternPosition): Hint {
  const { width, height } = puzzle;
  const size = width * height;
  if (board.cells.length !== size)
    throw new PuzzleInputError(`the board must have ${size} cells, not ${board.cells.length}`);
  const cells = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    const mark = board.cells[i];
    if (mark !== '.' && mark !== solution.cells[i]) {
      return {
        type: 'mistake',
        unit: 'cell',
        at: i,
        explanation: `The mark at ${cellName(i, width)} does not fit the puzzle's only solution.`,
      };
    }
    cells[i] = mark === '1' ? FILLED : mark === '0' ? EMPTY : UNKNOWN;
  }
  if (!cells.includes(UNKNOWN)) return { type: 'solved', explanation: 'Every cell is decided.' };
  return lineStep(puzzle, cells) ?? probeStep(puzzle, cells) ?? searchStep();
}

function lineStep(puzzle: PatternPuzzle, cells: Uint8Array): Hint | null {
  const { width, height } = puzzle;
  const solver = new LineSolver(
    Math.max(width, height),
    Math.max(1, ...[...puzzle.rows, ...puzzle.cols].map((r) => r.length)),
  );
  const out = new Uint8Array(Math.max(width, height));
  for (let line = 0; line < width + height; line++) {
    const isRow = line < height;
    const length = isRow ? width : height;
    const at = (p: number): number => (isRow ? line * width + p : p * width + (line - height));
    const input = Array.from({ length }, (_, p) => cells[at(p)] ?? UNKNOWN);
    const runs = (isRow ? puzzle.rows[line] : puzzle.cols[line - height]) ?? [];
    if (!input.includes(UNKNOWN) || !solver.solve(runs, length, input, out)) continue;
    const fixed: number[] = [];
    for (let p = 0; p < length; p++) if (input[p] === UNKNOWN && out[p] !== UNKNOWN) fixed.push(p);
    if (fixed.length === 0) continue;
    const name = isRow ? `Row ${line + 1}` : `Column ${line - height + 1}`;
    const across = isRow ? 'columns' : 'rows';
    const filled = fixed.filter((p) => out[p] === FILLED);
    const empty = fixed.filter((p) => out[p] === EMPTY);
    const parts = [
      ...(filled.length > 0
        ? [`${across} ${ranges(filled)} ${filled.length === 1 ? 'is' : 'are'} filled`]
        : []),
      ...(empty.length > 0 ? [`${across} ${ranges(empty)} ${empty.length === 1 ? 'is' : 'are'} empty`] : []),
    ];
    return {
      type: 'step',
      technique: 'line',
      unit: 'cell',
      involves: Array.from({ length }, (_, p) => at(p)).sort((a, b) => a - b),
      concludes: fixed
        .map((p): HintConclusion => ({ at: at(p), place: out[p] === FILLED ? 1 : 0 }))
        .sort((a, b) => a.at - b.at),
      explanation: `${name}'s clue ${runs.length > 0 ? runs.join(' ') : '0'} fits its open cells only in ways where ${parts.join(' and ')}.`,
    };
  }
  return null;
}

/** A line fixpoint is assumed (no line step applied): each open cell is tried filled, then empty. */
function probeStep(puzzle: PatternPuzzle, start: Uint8Array): Hint | null {
  const { width } = puzzle;
  const prop = new Propagator(puzzle);
  const cells = start.slice();
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] !== UNKNOWN) continue;
    const branch = (value: number): Uint8Array | null => {
      prop.resetTrail();
      prop.assign(cells, i, value);
      const ok = prop.propagate(cells);
      const after = cells.slice();
      prop.undo(cells, 0);
      return ok ? after : null;
    };
    const filled = branch(FILLED);
    const empty = branch(EMPTY);
    const name = cellName(i, width);
    if (filled === null || empty === null) {
      if (filled === null && empty === null) continue;
      const place = filled === null ? 0 : 1;
      const tried = place === 1 ? 'empty' : 'filled';
      return {
        type: 'step',
        technique: 'probe',
        unit: 'cell',
        involves: [i],
        concludes: [{ at: i, place }],
        explanation: `If ${name} were ${tried}, the row and column clues would contradict each other, so it is ${place === 1 ? 'filled' : 'empty'}.`,
      };
    }
    const agreed: HintConclusion[] = [];
    for (let k = 0; k < cells.length; k++) {
      const v = filled[k];
      if (cells[k] === UNKNOWN && k !== i && v !== UNKNOWN && v === empty[k])
        agreed.push({ at: k, place: v === FILLED ? 1 : 0 });
    }
    const first = agreed[0];
    if (first === undefined) continue;
    // One row of what the probe decides: a step a person takes, not the whole board at once (a probe can
    // agree on a hundred cells); the next hints go on from there.
    const row = Math.floor(first.at / width);
    const decided = agreed.filter((c) => Math.floor(c.at / width) === row);
    const columns = ranges(decided.map((c) => c.at % width));
    const one = decided.length === 1;
    return {
      type: 'step',
      technique: 'probe',
      unit: 'cell',
      involves: [i, ...decided.map((c) => c.at)].sort((a, b) => a - b),
      concludes: decided,
      explanation: `Whether ${name} is filled or empty, line logic decides the same for row ${row + 1}, ${one ? 'column' : 'columns'} ${columns}, so ${one ? 'that cell is' : 'those cells are'} decided either way.`,
    };
  }
  return null;
}

function searchStep(): Hint {
  return {
    type: 'search',
    technique: 'search',
    explanation: 'No line and no single probe decides a cell from here: the next step needs trial and error.',
  };
}

function cellName(i: number, width: number): string {
  return `row ${Math.floor(i / width) + 1}, column ${(i % width) + 1}`;
}

/** 0-based positions as 1-based ranges: [1, 2, 3, 6] → "2–4, 7". */
function ranges(positions: number[]): string {
  const parts: string[] = [];
  for (let k = 0; k < positions.length; ) {
    const first = positions[k] ?? 0;
    let last = first;
    while (positions[k + 1] === last + 1) last = positions[++k] ?? last;
    k++;
    parts.push(first === last ? `${first + 1}` : `${first + 1}–${last + 1}`);
  }
  return parts.join(', ');
}

/** The position before any move: every cell open. */
export function startPosition(puzzle: PatternPuzzle): PatternPosition {
  return { cells: '.'.repeat(puzzle.width * puzzle.height) };
}

/** The position after a player fills or marks empty the cells `step` decides. */
export function afterStep(position: PatternPosition, step: HintStep): PatternPosition {
  const cells = [...position.cells];
  for (const c of step.concludes) if ('place' in c) cells[c.at] = String(c.place);
  return { cells: cells.join('') };
}
