import { z } from 'zod';

/** Sudoku on the wire: the puzzle players see and the solution they send. */
export const sudokuShapes = {
  name: 'Sudoku',
  levels: ['easy', 'medium', 'hard', 'expert'] as const,
  publicPuzzle: z
    .strictObject({
      grid: z
        .string()
        .regex(/^[1-9.]{81}$/)
        .meta({ description: "81 characters row-major: a given digit 1–9, or '.' for a blank cell" }),
    })
    .meta({
      id: 'SudokuPublicPuzzle',
      example: { grid: '..25..4....8243.1...56...39.73.....6..1.8.9..2.....38.38...25...2.8596....4..78..' },
    }),
  solution: z.strictObject({ grid: z.string().regex(/^[1-9]{81}$/, 'grid must be 81 digits 1-9') }).meta({
    id: 'SudokuSolution',
    description: '{grid}: 81 digits 1–9, row-major',
    example: { grid: '732591468968243715415678239873924156541386927296715384389462571127859643654137892' },
  }),
};
