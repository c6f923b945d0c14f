import type { Db } from '../db/client.js';
import { findPlayerForModeration } from '../db/moderation.js';
import type { Moderator } from '../db/moderators.js';
import { clearSuspect, paceSignalsSince } from '../db/suspects.js';
import { SUSPECT_WINDOW_MS, suspicionOf } from '../fairplay/suspicion.js';
import type { Kind } from '../kinds/index.js';
import { auditEntry } from './audit-entry.js';

type SignalRow = Awaited<ReturnType<typeof paceSignalsSince>>[number];

/** A listed player with the evidence that lists it: its signalling solves in the window. */
export interface Suspect {
  player: { id: string; displayName: string | null; createdAt: string; clearedAt: string | null };
  floorHugs: number;
  earlyEliteKinds: Kind[];
  ramps: number;
  solves: Omit<SignalRow, 'player'>[];
}

/** The players on the suspects list now, those with the most floor-hugging solves first. */
export async function listSuspects(db: Db, now: Date): Promise<{ since: string; suspects: Suspect[] }> {
  const since = new Date(now.getTime() - SUSPECT_WINDOW_MS).toISOString();
  const byPlayer = new Map<string, SignalRow[]>();
  for (const row of await paceSignalsSince(db, since)) {
    const rows = byPlayer.get(row.player.id) ?? [];
    rows.push(row);
    byPlayer.set(row.player.id, rows);
  }
  const suspects: Suspect[] = [];
  for (const rows of byPlayer.values()) {
    const suspicion = suspicionOf(rows);
    const first = rows[0];
    if (!suspicion.listed || !first) continue;
    suspects.push({
      player: first.player,
      floorHugs: suspicion.floorHugs,
      earlyEliteKinds: suspicion.earlyEliteKinds,
      ramps: suspicion.ramps,
      solves: rows.map(({ player: _player, ...solve }) => solve),
    });
  }
  suspects.sort((a, b) => b.floorHugs - a.floorHugs || a.player.id.localeCompare(b.player.id));
  return { since, suspects };
}

export type ClearOutcome = { ok: true; clearedAt: string } | { ok: false; reason: 'not_found' };

/** Takes a player off the list: only its pace signals after now count from here on. */
export async function clearSuspectNow(
  db: Db,
  playerId: string,
  by: Moderator,
  reason: string,
  now: Date,
): Promise<ClearOutcome> {
  if (!(await findPlayerForModeration(db, playerId))) return { ok: false, reason: 'not_found' };
  const at = now.toISOString();
  await clearSuspect(db, {
    playerId,
    at,
    audit: auditEntry(by, 'clear', playerId, reason, now),
  });
  return { ok: true, clearedAt: at };
}
