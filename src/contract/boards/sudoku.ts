import { z } from 'zod';

/** A board with one digit entered: the document's example of a hint's body. */
export const SUDOKU_BOARD_EXAMPLE = {
  grid: '7.25..4....8243.1...56...39.73.....6..1.8.9..2.....38.38...25...2.8596....4..78..',
};

/** A sudoku player's board, the body of the hint route: the digits entered and the candidates ruled out. */
export const SudokuBoardSchema = z
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
    example: SUDOKU_BOARD_EXAMPLE,
    examples: [
      { grid: '..25..4....8243.1...56...39.73.....6..1.8.9..2.....38.38...25...2.8596....4..78..' },
      {
        grid: '7.25..4....8243.1...56...39.73.....6..1.8.9..2.....38.38...25...2.8596....4..78..',
        excluded: Array.from({ length: 81 }, (_, i) => (i === 1 ? '68' : '')),
      },
    ],
  });

export type SudokuBoardBody = z.infer<typeof SudokuBoardSchema>;
