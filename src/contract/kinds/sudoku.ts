import { z } from 'zod';

/** A position with one digit entered: the document's example of a hint's body. */
export const SUDOKU_POSITION_EXAMPLE = {
  grid: '7.25..4....8243.1...56...39.73.....6..1.8.9..2.....38.38...25...2.8596....4..78..',
};

/**
 * A sudoku player's position, the body of the hint route: the digits entered and the candidates ruled out
 * (`SudokuBoard` in the OpenAPI document, the name it was published under).
 */
export const SudokuPositionSchema = z
  .strictObject({
    grid: z
      .string()
      .regex(/^[1-9.]{81}$/, "grid must be 81 characters, digits 1-9 or '.'")
      .meta({
        description: "81 characters row-major: the givens and the player's digits, '.' for an empty cell",
      }),
    excluded: z
      .array(z.string().regex(/^[1-9]{0,9}$/, 'each entry is the digits ruled out in that cell'))
      .length(81)
      .optional()
      .meta({
        description:
          "Optional pencil marks: for each cell (row-major) the digits the player has ruled out, '' for none; " +
          'apply an exclusion hint here so that the next hint goes on from it',
      }),
  })
  .meta({
    id: 'SudokuBoard',
    example: SUDOKU_POSITION_EXAMPLE,
    examples: [
      { grid: '..25..4....8243.1...56...39.73.....6..1.8.9..2.....38.38...25...2.8596....4..78..' },
      {
        grid: '7.25..4....8243.1...56...39.73.....6..1.8.9..2.....38.38...25...2.8596....4..78..',
        excluded: Array.from({ length: 81 }, (_, i) => (i === 1 ? '68' : '')),
      },
    ],
  });

export type SudokuPosition = z.infer<typeof SudokuPositionSchema>;

/**
 * Sudoku on the wire: the puzzle players see and the solution they send, and the position a hint reads.
 */
export const sudokuShapes = {
  name: 'Sudoku',
  levels: ['easy', 'medium', 'hard', 'expert'] as const,
  logEntry: { maxA: 80, maxB: 9 },
  logFormat: '[t, cell 0–80 row-major, digit 1–9 or 0 to clear]',
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
  position: SudokuPositionSchema,
};
