import { type PlayerChanges, type PlayerRow, updatePlayer } from '../db/players.js';
import type { BoardVisibility } from '../db/schema.js';
import type { Services } from '../services.js';
import { followTimeZone } from './push.js';
import { timeZoneChange } from './time-zone.js';

export interface RequestedChanges {
  displayName?: string | null;
  timeZone?: string;
  boardVisibility?: BoardVisibility;
}

export type ChangeOutcome =
  | { ok: true; player: PlayerRow }
  | { ok: false; reason: 'unknown_time_zone' }
  | { ok: false; reason: 'too_soon'; retryAfterSeconds: number };

/** Applies what the player asked to change, all or nothing: a time zone changes at most once a day. */
export async function changePlayer(
  services: Services,
  player: PlayerRow,
  requested: RequestedChanges,
): Promise<ChangeOutcome> {
  let changes: PlayerChanges = {};
  if (requested.displayName !== undefined) changes.displayName = requested.displayName;
  if (requested.boardVisibility !== undefined) changes.boardVisibility = requested.boardVisibility;
  if (requested.timeZone !== undefined) {
    const zone = timeZoneChange(player, requested.timeZone, services.now());
    if (!zone.ok) return zone;
    changes = { ...changes, ...zone.changes };
  }
  if (Object.keys(changes).length === 0) return { ok: true, player };
  const changed = (await updatePlayer(services.db, player.id, changes)) ?? player;
  if (changes.timeZone) await followTimeZone(services, player.id, changes.timeZone);
  return { ok: true, player: changed };
}
