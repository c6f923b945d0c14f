import type { Upcoming, UpcomingPuzzle } from '../contract/upcoming.js';
import { addDays, latestPlayableDate, playableFrom } from '../daily/calendar.js';
import { type PuzzleRow, puzzlesAfter } from '../db/puzzles.js';
import { engineFor } from '../kinds/index.js';
import type { Services } from '../services.js';

/** How far ahead the preview looks: the cron makes a few days ahead, an owner's run perhaps more. */
export const UPCOMING_DAYS = 14;

/**
 * The puzzles already made for dates that have not begun anywhere yet, with what a moderator judges them
 * by: the grader's verdict, the benchmark and the engine's picture.
 */
export async function upcomingPuzzles(services: Services): Promise<Upcoming> {
  const latest = latestPlayableDate(services.now());
  const rows = await puzzlesAfter(services.db, latest, addDays(latest, UPCOMING_DAYS));
  return { from: addDays(latest, 1), puzzles: rows.map(preview) };
}

export function preview(row: PuzzleRow): UpcomingPuzzle {
  const engine = engineFor(row.kind);
  const { level, score, techniques, hardest, nodes } = row.difficulty;
  return {
    id: row.id,
    date: row.date,
    kind: row.kind,
    level: row.level,
    attempt: row.attempt,
    engineVersion: row.engineVersion,
    beginsAt: playableFrom(row.date as Parameters<typeof playableFrom>[0]).toISOString(),
    grade: { level, score, techniques, hardest, nodes },
    benchmarkSeconds: row.benchmarkSeconds,
    meta: row.meta,
    rendering: engine.render(engine.parsePuzzle(row.puzzle)),
  };
}
