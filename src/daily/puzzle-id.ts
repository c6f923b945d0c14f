import type { Level } from '../contract/kinds/index.js';
import type { Kind } from '../kinds/index.js';
import type { IsoDate } from './calendar.js';

declare const puzzleIdBrand: unique symbol;
/** `DATE:KIND:LEVEL`, e.g. `2026-11-29:sudoku:hard`. */
export type PuzzleId = string & { readonly [puzzleIdBrand]: true };

export interface PuzzleKey {
  date: IsoDate;
  kind: Kind;
  level: Level;
}

export function puzzleId({ date, kind, level }: PuzzleKey): PuzzleId {
  return `${date}:${kind}:${level}` as PuzzleId;
}

/** The date part of a `DATE:KIND:LEVEL` puzzle id. */
export function dateOfPuzzleId(id: string): IsoDate {
  return id.slice(0, id.indexOf(':')) as IsoDate;
}
