import type { Level } from '../contract/kinds/index.js';
import type { IsoDate } from '../daily/calendar.js';
import { dailyPuzzle } from '../daily/daily-puzzles.js';
import type { GenerationContext } from '../daily/generate.js';
import { puzzleId } from '../daily/puzzle-id.js';
import { type DateVerdict, judgeDate } from '../daily/window.js';
import type { PuzzleRow } from '../db/puzzles.js';
import { noSuchLevel } from '../engines/levels.js';
import { ApiError } from '../http/errors.js';
import { engineFor, type Kind } from '../kinds/index.js';
import { boardsOf, type DatedLivePuzzle } from '../play/live-boards.js';
import { knownLivePuzzle, rememberLivePuzzle } from '../play/live-puzzles.js';
import type { Services } from '../services.js';
import { type Failed, type Refusals, refusal } from './refusals.js';

/** Why a date of a request may not be played now. */
const DATE_REFUSALS = {
  malformed: [
    400,
    'invalid_date',
    (_, { text }) => `${text} is not a calendar date (YYYY-MM-DD)`,
    { param: 'date' },
  ],
  before_archive: [404, 'not_found', (_, { firstDay }) => `The archive starts on ${firstDay}`],
  not_yet_playable: [404, 'not_found', (_, { text }) => `${text} has not begun anywhere yet`],
} as const satisfies Refusals<Failed<DateVerdict>, { text: string; firstDay: string }>;

/** The date of a request if it may be played now, else the 4xx that says why. */
export function requirePlayableDate(services: Services, text: string): IsoDate {
  const { firstDay } = services.config;
  const verdict = judgeDate(text, firstDay, services.now());
  if (!verdict.ok) throw refusal(DATE_REFUSALS, verdict, { text, firstDay });
  return verdict.date;
}

export function requireLevelOf(kind: Kind, level: Level): void {
  const levels = engineFor(kind).levels;
  if (!levels.includes(level)) {
    throw new ApiError(400, 'invalid_level', noSuchLevel(kind, levels, level), undefined, 'level');
  }
}

export function generationContext(services: Services): GenerationContext {
  return {
    db: services.db,
    salt: services.config.puzzleSalt,
    now: services.now,
    boardShards: services.config.boardShards,
  };
}

/** The key of a playable daily puzzle (its date may be played now, its level is the kind's), or the 4xx. */
function requirePlayableKey(
  services: Services,
  params: { date: string; kind: Kind; level: Level },
): { date: IsoDate; kind: Kind; level: Level } {
  const date = requirePlayableDate(services, params.date);
  requireLevelOf(params.kind, params.level);
  return { date, kind: params.kind, level: params.level };
}

/** A playable daily puzzle, generated on the spot if needed, or the 4xx/503 that says why not. */
export async function requireDailyPuzzle(
  services: Services,
  params: { date: string; kind: Kind; level: Level },
): Promise<PuzzleRow> {
  return dailyPuzzleOf(services, requirePlayableKey(services, params));
}

async function dailyPuzzleOf(
  services: Services,
  key: { date: IsoDate; kind: Kind; level: Level },
): Promise<PuzzleRow> {
  const row = await dailyPuzzle(generationContext(services), key);
  if (!row) {
    throw new ApiError(
      503,
      'generation_failed',
      `${key.kind} ${key.level} of ${key.date} is not available yet`,
    );
  }
  return row;
}

/**
 * What a board page needs of its playable daily puzzle (its id, date and shards): from the live puzzles
 * this isolate judged or read before (src/play/live-puzzles.ts), else as `requireDailyPuzzle` reads it, and
 * then remembered while it has live boards.
 */
export async function requireBoardPuzzle(
  services: Services,
  params: { date: string; kind: Kind; level: Level },
): Promise<DatedLivePuzzle> {
  const key = requirePlayableKey(services, params);
  const known = knownLivePuzzle(puzzleId(key));
  if (known) return known;
  const row = await dailyPuzzleOf(services, key);
  if (boardsOf(services, key.date)) rememberLivePuzzle(row);
  return row;
}
