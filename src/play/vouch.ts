import type { Db } from '../db/client.js';
import type { Moderator } from '../db/moderators.js';
import { vouchForPlayer, vouchState } from '../db/vouch.js';
import { auditEntry } from './audit-entry.js';

export type VouchOutcome =
  | { ok: true; approvedAt: string }
  | { ok: false; reason: 'not_found' | 'already' | 'banned' };

/**
 * A moderator vouches for a player (Lichess's "verified" mark, a speedrun verifier's word): its rows may
 * take a board's top places without a long history, its fast solves need no history behind them, it is
 * held to the cold floor rather than the learnt one, and its counted paces become record paces. Audited.
 */
export async function vouchFor(
  db: Db,
  playerId: string,
  by: Moderator,
  reason: string,
  now: Date,
): Promise<VouchOutcome> {
  const player = await vouchState(db, playerId);
  if (!player) return { ok: false, reason: 'not_found' };
  if (player.bannedAt !== null) return { ok: false, reason: 'banned' };
  if (player.approvedAt !== null) return { ok: false, reason: 'already' };
  const at = now.toISOString();
  await vouchForPlayer(db, {
    playerId,
    at,
    audit: auditEntry(by, 'approve_player', playerId, reason, now),
  });
  return { ok: true, approvedAt: at };
}
