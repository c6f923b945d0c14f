import { answersPublicAt, type IsoDate } from '../daily/calendar.js';
import type { PuzzleRow } from '../db/puzzles.js';
import type { PuzzleView } from './schemas.js';

/** The public face of a stored puzzle: never the answer, the seed or hidden colours. */
export function toPuzzleView(row: PuzzleRow): PuzzleView {
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
  };
}
