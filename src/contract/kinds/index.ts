/**
 * The puzzle kinds as the public API carries them: the one list of kinds every other list is derived from
 * (the server's descriptors in src/kinds exist for exactly these, which the compiler checks; the routes,
 * the OpenAPI document, the daily schedule and the client). Each entry is the kind's wire format: the
 * puzzle players see before the answers are public, the solution they submit, the entries of its move log
 * and the position a hint reads (one file per kind: a kind's wire types live together). Nothing here imports
 * an engine, so a browser client can take its types from this folder alone.
 */
import type { z } from 'zod';
import { colorsortShapes } from './colorsort.js';
import { loopShapes } from './loop.js';
import { patternShapes } from './pattern.js';
import { signalShapes } from './signal.js';
import { sudokuShapes } from './sudoku.js';

export interface KindShapes {
  /** The prefix of the kind's schema names in the OpenAPI document (`SudokuPuzzle`, `SudokuSolution`). */
  name: string;
  /** The levels a day offers, easiest first (the engine generates exactly these; a test checks it). */
  levels: readonly [string, ...string[]];
  /**
   * The bounds of one move-log entry `[t, a, b]`: `a` and `b` are whole numbers 0 to these (the engine
   * checks the puzzle's own ranges).
   */
  logEntry: { maxA: number; maxB: number };
  /** What `a` and `b` of a log entry mean, for people (OpenAPI and README). */
  logFormat: string;
  /** What `engine.toPublic` returns: the puzzle without its answer, hidden colours as null. */
  publicPuzzle: z.ZodType;
  /** A submitted solution's shape, checked before the engine judges it (a wrong shape is a 400). */
  solution: z.ZodType;
  /** The player's position a hint reads, the body of the hint route (every kind has hints). */
  position: z.ZodType;
  /**
   * Only for a kind whose public puzzle hides something: the reveal route's answer, the position after a
   * list of moves with what they exposed (the kind's descriptor then has the reveal capability).
   */
  revealed?: z.ZodType;
}

export const KIND_SHAPES = {
  sudoku: sudokuShapes,
  pattern: patternShapes,
  loop: loopShapes,
  signal: signalShapes,
  colorsort: colorsortShapes,
} as const satisfies Record<string, KindShapes>;

export type Kind = keyof typeof KIND_SHAPES;

/** Every kind, in the order lists show them. */
export const KINDS = Object.keys(KIND_SHAPES) as [Kind, ...Kind[]];

/** A level of the kind `K`: a level the kind lacks is a compile error in the client. */
export type LevelOf<K extends Kind> = (typeof KIND_SHAPES)[K]['levels'][number];

/** A level of any kind. */
export type Level = LevelOf<Kind>;

/** Every level of some kind, easiest first (each kind's own list keeps this order). */
export const LEVELS = [...new Set(KINDS.flatMap((kind): readonly Level[] => KIND_SHAPES[kind].levels))] as [
  Level,
  ...Level[],
];

/** The public puzzle of one kind, as `GET /v1/puzzles/{date}/{kind}/{level}` shows it. */
export type PublicPuzzleOf<K extends Kind> = z.infer<(typeof KIND_SHAPES)[K]['publicPuzzle']>;

/** The solution of one kind, as a submission carries it. */
export type SolutionOf<K extends Kind> = z.infer<(typeof KIND_SHAPES)[K]['solution']>;

/** The position a hint of one kind reads: the body of `POST /v1/puzzles/{date}/{kind}/{level}/hint`. */
export type PositionOf<K extends Kind> = z.infer<(typeof KIND_SHAPES)[K]['position']>;

/** Every kind's hint position, by kind (what the demo page's boards hand to the hint route). */
export type HintPositions = { [K in Kind]: PositionOf<K> };

/** The kinds whose public puzzle hides something: the reveal route serves exactly these. */
export type RevealingKind = {
  [K in Kind]: (typeof KIND_SHAPES)[K] extends { revealed: z.ZodType } ? K : never;
}[Kind];
