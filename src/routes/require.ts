import type { IsoDate } from '../daily/calendar.js';
import { judgeDate } from '../daily/window.js';
import { ENGINES } from '../engines/index.js';
import type { Kind, Level } from '../engines/types.js';
import type { Services } from '../http/context.js';
import { ApiError } from '../http/errors.js';

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
  const levels = ENGINES[kind].levels;
  if (!levels.includes(level)) {
    throw new ApiError(
      400,
      'invalid_level',
      `${kind} has no level ${level}; its levels are ${levels.join(', ')}`,
    );
  }
}
