import type { LiveSolveRow } from '../db/live-board.js';
import type { OwnGameRating } from '../db/player-ratings.js';
import type { RatedSolve, SolveContext } from '../rating/rate-solve.js';

/**
 * What the flush's write of the player's rating through this game compares with: the row's version (0 and
 * `exists` false: no row), the last counted game it had or had pending, and the pending games' ids in order.
 */
export interface RatingRowRead {
  exists: boolean;
  version: number;
  lastBefore: number;
  pendingIds: readonly number[];
}

/** The player's rating through the solve's own game, from the row the Worker read and the game as played. */
export function ownGameOf(
  row: LiveSolveRow,
  read: RatingRowRead,
  player: Pick<SolveContext, 'playerGames' | 'pendingPlayerGames' | 'at'>,
  rated: RatedSolve,
): OwnGameRating {
  const pendingAfter = read.pendingIds.map((id, i) => {
    const after = rated.pendingPlayerAfter[i] ?? rated.playerBefore;
    return { id, rating: after.rating, deviation: after.deviation };
  });
  return {
    playerId: row.playerId,
    kind: row.kind,
    rating: rated.playerAfter.rating,
    deviation: rated.playerAfter.deviation,
    volatility: rated.playerAfter.volatility,
    games: player.playerGames + player.pendingPlayerGames.length + 1,
    established: rated.establishedAfter,
    version: read.version,
    updatedAt: player.at,
    exists: read.exists,
    lastBefore: read.lastBefore,
    pendingAfter,
  };
}
