import { engineFor, KINDS } from '../kinds/index.js';
import type { IsoDate } from './calendar.js';
import type { PuzzleKey } from './puzzle-id.js';

/** Which puzzles a date gets: every level of every registered kind. */
export function puzzlesOfDate(date: IsoDate): PuzzleKey[] {
  return KINDS.flatMap((kind) => engineFor(kind).levels.map((level) => ({ date, kind, level })));
}
