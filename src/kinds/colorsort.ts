import { colorsortShapes } from '../contract/kinds/colorsort.js';
import type { LevelOf } from '../contract/kinds/index.js';
import { afterStep, nextHint, startPosition } from '../engines/colorsort/hint.js';
import {
  type ColorSortPuzzle,
  type ColorSortSolution,
  engine,
  exposedBy,
  reveal,
} from '../engines/colorsort/index.js';
import type { KindDescriptor } from './descriptor.js';

export const colorsort = {
  engine,
  displayName: 'Colour sort',
  benchmark: {
    unit: 'move',
    // The original colour-sort game's rating table: seconds per move of the shortest solution, by level
    // (never calibrated there).
    seconds: { easy: 6, medium: 9, hard: 13, superhard: 16 },
  },
  // Per pour (two clicks, after planning which run goes where); more colours, longer plans.
  floorSecondsPerStep: { easy: 0.5, medium: 0.6, hard: 0.7, superhard: 0.8 },
  // The units start hidden: the player's session is shown them pour by pour.
  reveal: {
    position: colorsortShapes.revealed,
    replay: (puzzle, { moves }) => reveal(puzzle, moves),
    exposedBy,
  },
  // The position is the moves so far, the reveal route's body; the hint is the next pour of a shortest line.
  hint: { position: colorsortShapes.position, next: nextHint, start: startPosition, follow: afterStep },
} satisfies KindDescriptor<'colorsort', ColorSortPuzzle, ColorSortSolution>;

/** The original colour-sort game's rating table: the level of a deal by `numColors:duplicateColors`. */
export const COLORSORT_LEVEL_BY_KEY: Readonly<Record<string, LevelOf<'colorsort'>>> = {
  '4:0': 'easy',
  '5:0': 'easy',
  '6:0': 'medium',
  '8:0': 'medium',
  '7:0': 'hard',
  '10:5': 'hard',
  '8:4': 'hard',
  '12:0': 'superhard',
};

/** The level that table gives a colour-sort deal, or undefined for a combination it does not list. */
export function colorsortLevel(numColors: number, duplicateColors: number): LevelOf<'colorsort'> | undefined {
  return COLORSORT_LEVEL_BY_KEY[`${numColors}:${duplicateColors}`];
}
