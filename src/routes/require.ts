import type { Level } from '../contract/kinds/index.js';
import type { IsoDate } from '../daily/calendar.js';
import { dailyPuzzle } from '../daily/daily-puzzles.js';
import type { GenerationContext } from '../daily/generate.js';
import { judgeDate } from '../daily/window.js';
import type { PuzzleRow } from '../db/puzzles.js';
import { noSuchLevel } from '../engines/levels.js';
import { ApiError } from '../http/errors.js';
import { engineFor, type Kind } from '../kinds/index.js';
import type { Services } from '../services.js';

/** The date of a request if it may be played now, else the 4xx that says why. */
export function requirePlayableDate(services: Services, text: string): IsoDate {
  const verdict = judgeDate(text, services.config.firstDay, services.now());
  if (verdict.ok) return verdict.date;
  switch (verdict.reason) {
    case 'malformed':
      throw new ApiError(400, 'invalid_date', `${text} is not a calendar date (YYYY-MM-DD)`);
    case 'before_archive':
      throw new ApiError(404, 'not_found', `The archive starts on ${services.config.firstDay}`);
    case 'not_yet_playable':
      throw new ApiError(404, 'not_found', `${text} has not begun anywhere yet`);
  }
}

export function requireLevelOf(kind: Kind, level: Level): void {
  const levels = engineFor(kind).levels;
  if (!levels.includes(level)) {
    throw new ApiError(400, 'invalid_level', noSuchLevel(kind, levels, level));
  }
}

export function generationContext(services: Services): GenerationContext {
  return { db: services.db, salt: services.config.puzzleSalt, now: services.now };
}

/** A playable daily puzzle, generated on the spot if needed, or the 4xx/503 that says why not. */
export async function requireDailyPuzzle(
  services: Services,
  params: { date: string; kind: Kind; level: Level },
): Promise<PuzzleRow> {
  const date = requirePlayableDate(services, params.date);
  requireLevelOf(params.kind, params.level);
  const row = await dailyPuzzle(generationContext(services), {
    date,
    kind: params.kind,
    level: params.level,
  });
  if (!row) {
    throw new ApiError(
      503,
      'generation_failed',
      `${params.kind} ${params.level} of ${date} is not available yet`,
    );
  }
  return row;
}
