import type { Answer, Puzzle } from '../contract/puzzle.js';
import { answersPublicAt, type IsoDate } from '../daily/calendar.js';
import type { PuzzleRow } from '../db/puzzles.js';

/** The public face of a stored puzzle: never the answer, the seed or hidden colours. */
export function toPuzzleView(row: PuzzleRow): Puzzle {
  // The row's kind and public puzzle were stored together by that kind's engine (`toPublic`), so they
  // are one variant of the union.
  return {
    id: row.id,
    date: row.date,
    kind: row.kind,
    level: row.level,
    engineVersion: row.engineVersion,
    puzzle: row.publicPuzzle,
    difficulty: row.difficulty,
    benchmarkSeconds: row.benchmarkSeconds,
    rating: Math.round(row.rating),
    answersPublicAt: answersPublicAt(row.date as IsoDate).toISOString(),
  } as Puzzle;
}

/** A stored puzzle's answer, for the date once it has ended everywhere. */
export function toAnswer(row: PuzzleRow): Answer {
  // Stored by the kind's engine: its full puzzle and a solution in the kind's submission format.
  return {
    id: row.id,
    seed: row.seed,
    puzzle: row.puzzle as Answer['puzzle'],
    solution: row.answer as Answer['solution'],
    meta: row.meta,
  };
}
