/**
 * The colour-sort puzzle as the server keeps it (true colours included) and the parameters that make one.
 * Tubes are listed bottom → top as colour ids 0..numColors-1.
 */

export interface ColorSortPuzzle {
  /** Units a tube holds. */
  capacity: number;
  numColors: number;
  /** Colours 0..duplicateColors-1 have 2 × capacity units and fill two tubes when sorted. */
  duplicateColors: number;
  /** Tubes that start empty (the deal appends them after the filled ones). */
  emptyTubes: number;
  tubes: number[][];
}

/** A pour: whole top run of tube `from` onto tube `to` (0-based indices). */
export type Move = [from: number, to: number];

export interface ColorSortSolution {
  moves: Move[];
}

/** What a player sees: the bottom min(2, length) units of every tube are `null` until exposed. */
export interface PublicColorSort {
  capacity: number;
  tubes: (number | null)[][];
}

export interface DealParams {
  numColors: number;
  seed: string;
  capacity?: number;
  duplicateColors?: number;
  emptyTubes?: number;
  /** Search nodes (expanded states) allowed to prove a deal's shortest solution. */
  nodeLimit?: number;
}

export const LEVELS = ['easy', 'medium', 'hard', 'superhard'] as const;
export type ColorSortLevel = (typeof LEVELS)[number];

export interface Preset {
  numColors: number;
  capacity: number;
  duplicateColors: number;
  emptyTubes: number;
}

/** The original's UI presets (colorsort/app.js LEVEL_PRESETS); the level is nothing but these parameters. */
export const PRESETS: Readonly<Record<ColorSortLevel, Preset>> = {
  easy: { numColors: 5, capacity: 4, duplicateColors: 0, emptyTubes: 2 },
  medium: { numColors: 8, capacity: 5, duplicateColors: 0, emptyTubes: 2 },
  hard: { numColors: 8, capacity: 5, duplicateColors: 4, emptyTubes: 3 },
  superhard: { numColors: 12, capacity: 5, duplicateColors: 0, emptyTubes: 2 },
};

/** The original's defaults for parameters `generate` may omit. */
export const DEFAULT_CAPACITY = 4;
export const DEFAULT_EMPTY_TUBES = 2;
/** Units hidden at the bottom of every tube at the start (fewer when a tube is shorter). */
export const HIDDEN_PER_TUBE = 2;

/** Units of colour `c`: duplicated colours (the first `duplicateColors` ids) fill two tubes. */
export function unitsOfColor(
  puzzle: Pick<ColorSortPuzzle, 'capacity' | 'duplicateColors'>,
  c: number,
): number {
  return c < puzzle.duplicateColors ? 2 * puzzle.capacity : puzzle.capacity;
}
