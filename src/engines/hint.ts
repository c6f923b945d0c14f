/**
 * A hint: the next step a kind's grader would take from a player's board. Engines produce it as a pure
 * function of the puzzle, its unique solution and the board (src/engines/<kind>/hint.ts); the hint route
 * (src/routes) serves it through the kind's descriptor. A hint names only what its own step concludes:
 * never another unsolved cell, edge or hidden unit.
 */

/**
 * What a hint's indices point at: cells (row-major), edges (the loop's solution order), tubes, or moves of
 * the board's own list (colour sort's board is its moves so far: its mistakes are moves).
 */
export type HintUnit = 'cell' | 'edge' | 'tube' | 'move';

/** One conclusion of a step, on one index of the hint's unit. */
export type HintConclusion =
  /** A cell's value is now known (sudoku digit, signal height, pattern 1 filled / 0 empty). */
  | { at: number; place: number }
  /** Values a cell can no longer take (candidates ruled out). */
  | { at: number; exclude: number[] }
  /** An edge is part of the loop (`on`) or is not (`off`). */
  | { at: number; edge: 'on' | 'off' }
  /** Pour from tube `at` onto tube `to` (colour sort's next move of a shortest solution). */
  | { at: number; pourTo: number };

export type Hint =
  /** The next logical step: the technique, what it looks at, what it concludes, in one sentence. */
  | {
      type: 'step';
      /** The grader's own name for the technique (as in the puzzle's stats once solved). */
      technique: string;
      unit: HintUnit;
      /** The cells, edges or tubes the reasoning looks at, ascending (the conclusions' own included). */
      involves: number[];
      /** At least one. */
      concludes: HintConclusion[];
      explanation: string;
    }
  /** The board has a mistake: its first wrong entry (against the unique solution), never the right value. */
  | { type: 'mistake'; unit: HintUnit; at: number; explanation: string }
  /** No technique of the grader applies: the level's band needs trial and error from here. */
  | { type: 'search'; technique: 'search'; explanation: string }
  /** Nothing left to do. */
  | { type: 'solved'; explanation: string };

/** A hint that concludes something: what a player following hints enters. */
export type HintStep = Extract<Hint, { type: 'step' }>;
