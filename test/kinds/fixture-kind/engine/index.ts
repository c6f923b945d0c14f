/**
 * The fixture kind's engine (test/kinds/fixture-kind.test.ts): a 4×4 Latin square, the smallest engine
 * that fulfils the whole contract of src/engines/types.ts, so that a test can walk CONTRIBUTING's recipe.
 */
import { levelIn } from '../../../../src/engines/levels.js';
import { cellName, replayMarks } from '../../../../src/engines/mark-log.js';
import { rng, shuffle } from '../../../../src/engines/rng.js';
import { requireSeed } from '../../../../src/engines/seed.js';
import {
  type CheckResult,
  type Difficulty,
  type PuzzleEngine,
  PuzzleInputError,
} from '../../../../src/engines/types.js';
import {
  CELLS,
  candidates,
  LATIN_LEVELS,
  type LatinLevel,
  type LatinPuzzle,
  type LatinSolution,
  N,
} from './model.js';
import { solve } from './solve.js';

const BLANKS: Record<LatinLevel, number> = { easy: 6, hard: 10 };

function grade(puzzle: LatinPuzzle): Difficulty<LatinLevel> {
  const blanks = [...puzzle.givens].filter((c) => c === '.').length;
  return {
    level: blanks <= BLANKS.easy ? 'easy' : 'hard',
    score: blanks,
    techniques: ['single'],
    hardest: 'single',
    nodes: 0,
  };
}

function check(puzzle: LatinPuzzle, submission: unknown): CheckResult {
  const grid = (submission as { grid?: unknown } | null)?.grid;
  if (typeof grid !== 'string' || !/^[1-4]{16}$/.test(grid))
    return { ok: false, reason: 'grid must be 16 digits 1-4' };
  for (let cell = 0; cell < CELLS; cell++) {
    const given = puzzle.givens[cell];
    if (given !== '.' && given !== grid[cell])
      return { ok: false, reason: `${cellName(cell, N)} is given as ${given}` };
    const others = `${grid.slice(0, cell)}.${grid.slice(cell + 1)}`;
    if (!candidates(others, cell).includes(Number(grid[cell]))) {
      return { ok: false, reason: `${cellName(cell, N)} repeats a digit of its row or column` };
    }
  }
  return { ok: true };
}

function parsePuzzle(json: unknown): LatinPuzzle {
  const keys = typeof json === 'object' && json !== null ? Object.keys(json) : [];
  const givens = (json as { givens?: unknown } | null)?.givens;
  if (keys.length !== 1 || typeof givens !== 'string' || !/^[1-4.]{16}$/.test(givens)) {
    throw new PuzzleInputError("a latin puzzle is { givens: 16 characters, digits 1-4 or '.' }");
  }
  return { givens };
}

export const engine: PuzzleEngine<'latin', LatinLevel, LatinPuzzle, LatinSolution> = {
  kind: 'latin',
  version: 1,
  levels: LATIN_LEVELS,
  generate(seed, level) {
    const random = rng(requireSeed(seed));
    const blanks = BLANKS[levelIn('latin', LATIN_LEVELS, level)];
    const rows = shuffle(random, [0, 1, 2, 3]);
    const digits = shuffle(random, [1, 2, 3, 4]);
    const grid = Array.from(
      { length: CELLS },
      (_, i) => digits[((rows[Math.floor(i / N)] ?? 0) + (i % N)) % N],
    ).join('');
    let givens = grid;
    for (const cell of shuffle(random, [...Array(CELLS).keys()])) {
      if (CELLS - givens.replaceAll('.', '').length >= blanks) break;
      const fewer = `${givens.slice(0, cell)}.${givens.slice(cell + 1)}`;
      if (solve({ givens: fewer }).solutions.length === 1) givens = fewer;
    }
    const puzzle = { givens };
    return { puzzle, solution: { grid }, grade: { ...grade(puzzle), level }, seed, version: 1, attempt: 1 };
  },
  solve,
  check,
  grade,
  parsePuzzle,
  toPublic: (puzzle) => puzzle,
  render: (puzzle, solution) => (solution?.grid ?? puzzle.givens).replace(/(.{4})(?!$)/g, '$1\n'),
  replayLog(puzzle, log) {
    const start = Uint8Array.from(puzzle.givens, (c) => (c === '.' ? 0 : Number(c)));
    const fixed = {
      has: (cell: number) => puzzle.givens[cell] !== '.',
      name: (cell: number) => cellName(cell, N),
    };
    const result = replayMarks(log, {
      places: CELLS,
      noun: 'cell',
      maxValue: N,
      start,
      fixed,
      values: 'a digit 1–4, or 0 to clear',
    });
    return result.ok
      ? { ok: true, board: { grid: Array.from(result.board, (d) => (d === 0 ? '.' : String(d))).join('') } }
      : result;
  },
  stepsTo: (puzzle, solution) =>
    [...puzzle.givens].flatMap((c, cell) =>
      c === '.' ? [[cell, Number(solution.grid[cell])] as const] : [],
    ),
};
