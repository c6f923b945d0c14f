import type { Hint, HintConclusion, HintStep } from '../hint.js';
import { cellName } from './geometry.js';
import { Board, TECHNIQUES } from './logic.js';
import type { SudokuPuzzle, SudokuSolution } from './types.js';

/**
 * A player's position: the digits entered over the puzzle (81 characters, '.' blank) and, optionally, the
 * candidates ruled out so far (81 strings of digits, '' for none). Without them an exclusion hint could
 * never be followed: the next request would find the same exclusion again.
 */
export interface SudokuPosition {
  grid: string;
  excluded?: string[] | undefined;
}

/** Thrown by the recording board at the end of a technique's first instance: the rest is not the hint's. */
const STOP = Symbol('one instance');

/** A board that records one technique's first instance: what it placed or ruled out, and what it looked at. */
class StepBoard extends Board {
  recording = false;
  placed: HintConclusion[] = [];
  ruledOut = new Map<number, number>();
  pattern: readonly number[] = [];
  unit = -1;

  override place(cell: number, digit: number): void {
    if (this.recording && this.value[cell] === 0) this.placed.push({ at: cell, place: digit });
    super.place(cell, digit);
  }

  override eliminate(cell: number, mask: number): boolean {
    const removed = this.cand[cell]! & mask;
    const progress = super.eliminate(cell, mask);
    if (this.recording && progress) this.ruledOut.set(cell, (this.ruledOut.get(cell) ?? 0) | removed);
    return progress;
  }

  override note(cells: readonly number[], unit: number): void {
    if (!this.recording) return;
    this.pattern = cells;
    this.unit = unit;
    throw STOP;
  }
}

const digitsOf = (mask: number): number[] => {
  const out: number[] = [];
  for (let d = 1; d <= 9; d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
};

const unitName = (u: number): string =>
  u < 9 ? `Row ${u + 1}` : u < 18 ? `Column ${u - 8}` : `Box ${u - 17}`;

const listCells = (cells: readonly number[]): string => cells.map(cellName).join(', ');

function explain(technique: string, board: StepBoard, concludes: HintConclusion[]): string {
  const first = concludes[0]!;
  if ('place' in first) {
    if (technique === 'hidden single')
      return `${unitName(board.unit)} has ${first.place} in only one cell: ${cellName(first.at)}.`;
    return `${cellName(first.at)} has one candidate left: ${first.place}.`;
  }
  const digits = new Set(concludes.flatMap((c) => ('exclude' in c ? c.exclude : [])));
  const where = board.unit >= 0 ? ` in ${unitName(board.unit).toLowerCase()}` : '';
  return (
    `${technique[0]!.toUpperCase()}${technique.slice(1)}${where} on ${listCells(board.pattern)} ` +
    `rules out ${[...digits].sort().join(', ')} from ${listCells(concludes.map((c) => c.at))}.`
  );
}

/** The board's digits, with the puzzle's givens wherever the player left them out. */
function cellsOf(puzzle: SudokuPuzzle, board: SudokuPosition): number[] {
  return Array.from({ length: 81 }, (_, i) => {
    const given = puzzle.grid[i]!;
    const ch = given === '.' ? board.grid[i]! : given;
    return ch === '.' ? 0 : Number(ch);
  });
}

/** The first entry (row-major) that contradicts the unique solution: a wrong digit or a needed digit ruled out. */
function firstMistake(cells: number[], board: SudokuPosition, solution: SudokuSolution): number | undefined {
  for (let cell = 0; cell < 81; cell++) {
    const right = Number(solution.grid[cell]);
    if (cells[cell] !== 0 ? cells[cell] !== right : (board.excluded?.[cell] ?? '').includes(String(right)))
      return cell;
  }
  return undefined;
}

/**
 * The next step the grader (logic.ts) would take from the player's board: its first mistake if it has one
 * (never the right value), otherwise the first instance of the cheapest technique that makes progress from
 * the board's candidates, reported as the grader's own code found it.
 */
export function nextHint(puzzle: SudokuPuzzle, solution: SudokuSolution, board: SudokuPosition): Hint {
  const cells = cellsOf(puzzle, board);
  const wrong = firstMistake(cells, board, solution);
  if (wrong !== undefined) {
    const explanation = `${cellName(wrong)} does not fit the solution: ${
      cells[wrong] !== 0 ? 'its digit is wrong' : 'a digit you ruled out belongs there'
    }.`;
    return { type: 'mistake', unit: 'cell', at: wrong, explanation };
  }
  if (cells.every((v) => v !== 0)) return { type: 'solved', explanation: 'Every cell is filled correctly.' };
  const step = new StepBoard(cells);
  board.excluded?.forEach((digits, cell) => {
    for (const d of digits) step.eliminate(cell, 1 << (Number(d) - 1));
  });
  step.recording = true;
  for (const technique of TECHNIQUES) {
    try {
      if (!technique.apply(step)) continue;
    } catch (stop) {
      if (stop !== STOP) throw stop;
    }
    const concludes: HintConclusion[] =
      step.placed.length > 0
        ? step.placed
        : [...step.ruledOut].sort(([a], [b]) => a - b).map(([at, mask]) => ({ at, exclude: digitsOf(mask) }));
    const involves = [...new Set([...step.pattern, ...concludes.map((c) => c.at)])].sort((a, b) => a - b);
    return {
      type: 'step',
      technique: technique.name,
      unit: 'cell',
      involves,
      concludes,
      explanation: explain(technique.name, step, concludes),
    };
  }
  return {
    type: 'search',
    technique: 'search',
    explanation: 'No technique of the grader applies from here: the next step needs trial and error.',
  };
}

/** The position before any move: the givens, nothing ruled out. */
export function startPosition(puzzle: SudokuPuzzle): SudokuPosition {
  return { grid: puzzle.grid };
}

/** The position after a player enters `step`'s digits and crosses out its candidates. */
export function afterStep(position: SudokuPosition, step: HintStep): SudokuPosition {
  const grid = [...position.grid];
  const excluded = position.excluded ? [...position.excluded] : Array.from({ length: 81 }, () => '');
  for (const c of step.concludes) {
    if ('place' in c) grid[c.at] = String(c.place);
    if ('exclude' in c) excluded[c.at] = `${excluded[c.at] ?? ''}${c.exclude.join('')}`;
  }
  return { grid: grid.join(''), excluded };
}
