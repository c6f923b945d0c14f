import type { LogEntry } from './types.js';

/** How a kind's log marks places on its board: `[t, place, value]`, the last value per place winning. */
export interface MarkBoard {
  /** How many places there are, numbered from 0. */
  places: number;
  /** What a place is: "cell" or "edge". */
  noun: string;
  /** Values run from 0 (clear) to this. */
  maxValue: number;
  /** The board before the first entry (default: every place 0). */
  start?: Uint8Array;
  /** Places the player may not change (givens), and how a player names one, e.g. "cell 12 (row 2, column 4)". */
  fixed?: { has: (place: number) => boolean; name: (place: number) => string };
  /** What the values are, for the message about one out of range, e.g. "a digit 1–9, or 0 to clear". */
  values: string;
}

export type MarkReplay = { ok: true; board: Uint8Array } | { ok: false; index: number; reason: string };

/** The board after every entry of `log`, or the first entry that names no place, a given, or no value. */
export function replayMarks(log: readonly LogEntry[], board: MarkBoard): MarkReplay {
  const values = board.start ? board.start.slice() : new Uint8Array(board.places);
  for (let index = 0; index < log.length; index++) {
    const [, place, value] = log[index] as LogEntry;
    if (!Number.isInteger(place) || place < 0 || place >= board.places) {
      return {
        ok: false,
        index,
        reason: `entry ${index}: there is no ${board.noun} ${place} (${board.noun}s are 0 to ${board.places - 1})`,
      };
    }
    if (board.fixed?.has(place)) {
      return {
        ok: false,
        index,
        reason: `entry ${index}: ${board.fixed.name(place)} is given and cannot change`,
      };
    }
    if (!Number.isInteger(value) || value < 0 || value > board.maxValue) {
      return { ok: false, index, reason: `entry ${index}: ${value} is not ${board.values}` };
    }
    values[place] = value;
  }
  return { ok: true, board: values };
}

/** "row r, column c" (1-based) of a row-major cell index. */
export function cellName(cell: number, width: number): string {
  return `cell ${cell} (row ${Math.floor(cell / width) + 1}, column ${(cell % width) + 1})`;
}
