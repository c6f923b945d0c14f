import { ENGINES } from '../engines/index.js';
import { KINDS } from '../engines/types.js';
import type { IsoDate } from './calendar.js';
import type { PuzzleKey } from './puzzle-id.js';

/** Which puzzles a date gets: every level of every registered kind. */
export function puzzlesOfDate(date: IsoDate): PuzzleKey[] {
  return KINDS.flatMap((kind) => ENGINES[kind].levels.map((level) => ({ date, kind, level })));
}
