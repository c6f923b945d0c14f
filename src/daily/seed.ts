import { sign } from '../auth/hmac.js';
import type { Level } from '../contract/kinds/index.js';
import type { Kind } from '../kinds/index.js';
import type { IsoDate } from './calendar.js';

/**
 * The engine seed of one daily puzzle: HMAC-SHA256 of its id under the deployment's secret salt, so the
 * puzzles of a date cannot be computed by anyone who lacks the salt. Its 43 base64url characters fit the
 * engines' 80-character seed limit. `attempt` counts an owner's rerolls: 0, the puzzle as first made, signs
 * the id alone (so every stored seed stays what it was); attempt n signs `id:n`.
 */
export function dailySeed(
  salt: string,
  date: IsoDate,
  kind: Kind,
  level: Level,
  attempt = 0,
): Promise<string> {
  const id = `${date}:${kind}:${level}`;
  return sign(salt, 'daily-seed', attempt === 0 ? id : `${id}:${attempt}`);
}
