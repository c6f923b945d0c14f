import { sign } from '../auth/hmac.js';
import type { Level } from '../contract/kinds/index.js';
import type { Kind } from '../kinds/index.js';
import type { IsoDate } from './calendar.js';

/**
 * The engine seed of one daily puzzle: HMAC-SHA256 of its id under the deployment's secret salt, so the
 * puzzles of a date cannot be computed by anyone who lacks the salt. Its 43 base64url characters fit the
 * engines' 80-character seed limit.
 */
export function dailySeed(salt: string, date: IsoDate, kind: Kind, level: Level): Promise<string> {
  return sign(salt, 'daily-seed', `${date}:${kind}:${level}`);
}
