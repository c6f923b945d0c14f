import { describe, expect, it } from 'vitest';
import { engine, SUDOKU_LEVELS } from '../../../src/engines/sudoku/index.js';
import { Board, logicSolve, TECHNIQUES } from '../../../src/engines/sudoku/logic.js';
import { toCells } from '../../../src/engines/sudoku/solve.js';
import { TDOKU_TEST_PUZZLES } from '../../fixtures/sudoku/tdoku-test-puzzles.js';

const technique = (name: string) => TECHNIQUES.find((t) => t.name === name)!;
const bits = (...digits: number[]) => digits.reduce((m, d) => m | (1 << (d - 1)), 0);
const emptyBoard = () => new Board(new Uint8Array(81));

describe('grader techniques on pencil marks', () => {
  it('pointing: a digit confined to one row of a box leaves the rest of that row', () => {
    const board = emptyBoard();
    for (const cell of [9, 10, 11, 18, 19, 20]) board.eliminate(cell, bits(1));
    expect(technique('pointing').apply(board)).toBe(true);
    expect(board.cand[3]! & bits(1)).toBe(0);
    expect(board.cand[0]! & bits(1)).not.toBe(0);
  });

  it('naked pair: two cells holding the same two digits clear them from their row', () => {
    const board = emptyBoard();
    board.cand[0] = bits(1, 2);
    board.cand[1] = bits(1, 2);
    expect(technique('naked pair').apply(board)).toBe(true);
    expect(board.cand[5]).toBe(bits(3, 4, 5, 6, 7, 8, 9));
  });

  it('hidden pair: two digits with the same two places clear the other candidates there', () => {
    const board = emptyBoard();
    for (let cell = 2; cell < 9; cell++) board.eliminate(cell, bits(1, 2));
    expect(technique('hidden pair').apply(board)).toBe(true);
    expect([board.cand[0], board.cand[1]]).toEqual([bits(1, 2), bits(1, 2)]);
  });

  it('x-wing: a digit in two rows on the same two columns leaves the rest of those columns', () => {
    const board = emptyBoard();
    for (const row of [0, 4])
      for (let c = 0; c < 9; c++) if (c !== 0 && c !== 4) board.eliminate(row * 9 + c, bits(7));
    expect(technique('x-wing').apply(board)).toBe(true);
    expect(board.cand[2 * 9]! & bits(7)).toBe(0);
    expect(board.cand[4 * 9]! & bits(7)).not.toBe(0);
  });

  it('xy-wing: pivot 12 with pincers 13 and 23 removes 3 where both pincers are seen', () => {
    const board = emptyBoard();
    board.cand[0] = bits(1, 2);
    board.cand[4] = bits(1, 3);
    board.cand[36] = bits(2, 3);
    expect(technique('xy-wing').apply(board)).toBe(true);
    expect(board.cand[40]! & bits(3)).toBe(0);
  });

  it('never removes a true digit on tdoku’s unique puzzles (every technique is sound)', () => {
    for (const p of TDOKU_TEST_PUZZLES.filter((x) => x.solutions === 1)) {
      const { board } = logicSolve(toCells(p.grid));
      for (let cell = 0; cell < 81; cell++) {
        const digit = Number(p.solution![cell]);
        const kept = board.value[cell] === digit || (board.cand[cell]! & bits(digit)) !== 0;
        expect(kept, `${p.id} ${cell}`).toBe(true);
      }
    }
  });
});

describe('sudoku grade()', () => {
  it('needs nothing for a full grid', () => {
    const full = TDOKU_TEST_PUZZLES[0]!.solution!;
    expect(engine.grade({ grid: full })).toEqual({
      level: 'easy',
      score: 0,
      techniques: [],
      hardest: 'none',
      nodes: 0,
    });
  });

  it('grades a singles-only puzzle easy with no search', () => {
    const grade = engine.grade(engine.generate('grade-easy', 'easy').puzzle);
    expect(grade.level).toBe('easy');
    expect(['hidden single', 'naked single']).toContain(grade.hardest);
    expect(grade.nodes).toBe(0);
  });

  it('falls back to search for a puzzle beyond its techniques and counts the nodes', () => {
    const grade = engine.grade(engine.generate('grade-expert', 'expert').puzzle);
    expect(grade.hardest).toBe('search');
    expect(grade.techniques.at(-1)).toBe('search');
    expect(grade.nodes).toBeGreaterThan(1);
  });

  it('orders scores by level: every level scores above all puzzles of the level below', () => {
    const scores = SUDOKU_LEVELS.map((level) =>
      Array.from({ length: 10 }, (_, n) => engine.generate(`score-${n}`, level).grade.score),
    );
    for (let i = 1; i < scores.length; i++) {
      expect(Math.min(...scores[i]!)).toBeGreaterThan(Math.max(...scores[i - 1]!));
    }
  });
});

describe('sudoku grade scores', () => {
  const cellsOf = (grid: string) => Array.from(grid, (ch) => (ch === '.' ? 0 : Number(ch)));

  it('are 100 × the heaviest weight plus the steps beyond singles, up to 19, for a grid the techniques finish', () => {
    const { puzzle } = engine.generate('score-medium', 'medium');
    const logic = logicSolve(cellsOf(puzzle.grid));
    expect(logic.solved).toBe(true);
    expect(logic.advancedSteps).toBeGreaterThan(0);
    expect(engine.grade(puzzle).score).toBe(
      Math.round(100 * logic.hardestWeight) + Math.min(19, logic.advancedSteps),
    );
  });

  it('are 700 plus the steps beyond singles plus 10 log2(1 + nodes) once search is needed', () => {
    const { puzzle } = engine.generate('score-expert', 'expert');
    const logic = logicSolve(cellsOf(puzzle.grid));
    const grade = engine.grade(puzzle);
    expect(logic.solved).toBe(false);
    expect(logic.advancedSteps).toBeGreaterThan(0);
    expect(grade.nodes).toBeGreaterThan(1);
    expect(grade.score).toBe(
      700 + Math.min(19, logic.advancedSteps) + Math.round(10 * Math.log2(1 + grade.nodes)),
    );
  });
});
