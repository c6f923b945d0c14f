import type { Db } from '../db/client.js';
import {
  advancePlayerRating,
  advancePlayerRatings,
  type CatchUpState,
  type CaughtUpRating,
  catchUpStates,
  type PlayerRatingRow,
  pendingPlayerGamesQuery,
  playDaysOf,
  playDaysQuery,
  playerRatingQuery,
} from '../db/player-ratings.js';
import type { Kind } from '../kinds/index.js';
import { newRating, type Rating } from '../rating/glicko2.js';
import { isEstablished } from '../rating/standing.js';
import { playerAfter } from '../rating/weighted-games.js';

/** Races a catch-up may lose before giving up (each loss means another writer applied games meanwhile). */
const MAX_ATTEMPTS = 8;

/**
 * Applies the player's counted games of a kind that its rating does not include yet, in order, under a
 * compare-and-set on the rating row, and returns the row as stored after. Left by concurrent solves of one
 * kind by one player (each solve's batch applies its own game only when nothing raced it), and after a
 * moderator reset the rating so that its remaining games replay from the start.
 */
export async function catchUpPlayerRating(
  db: Db,
  playerId: string,
  kind: Kind,
  now: Date,
): Promise<PlayerRatingRow | undefined> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const [rows, pending, days] = await db.batch([
      playerRatingQuery(db, playerId, kind),
      pendingPlayerGamesQuery(db, playerId, kind),
      playDaysQuery(db, playerId, kind),
    ]);
    const row = rows[0];
    const update = caughtUp(playerId, kind, now, { row, pending, playDays: playDaysOf(days) });
    if (!update) return row;
    if (await advancePlayerRating(db, update)) return (await playerRatingQuery(db, playerId, kind))[0];
  }
  throw new Error(`the rating of ${playerId} in ${kind} kept changing under its catch-up`);
}

/**
 * The catch-up of several players of one kind (a board's flush), in a constant number of round trips: one
 * batch reads every player, one writes every rating, one statement the games' ratings after. A player whose
 * row another writer changed in between is caught up alone afterwards.
 */
export async function catchUpPlayerRatings(
  db: Db,
  playerIds: readonly string[],
  kind: Kind,
  now: Date,
): Promise<void> {
  const states = await catchUpStates(db, playerIds, kind);
  const updates = playerIds.flatMap((id, i) => {
    const state = states[i];
    const update = state && caughtUp(id, kind, now, state);
    return update ? [update] : [];
  });
  for (const raced of await advancePlayerRatings(db, updates))
    await catchUpPlayerRating(db, raced, kind, now);
}

/** The rating with the pending games applied in order, as the write that stores it; undefined when none wait. */
function caughtUp(
  playerId: string,
  kind: Kind,
  now: Date,
  { row, pending, playDays }: CatchUpState,
): CaughtUpRating | undefined {
  const last = pending.at(-1);
  if (!last) return undefined;
  let rating: Rating = row ?? newRating();
  const after = pending.map((game) => {
    rating = playerAfter(rating, game);
    return { id: game.id, rating: rating.rating, deviation: rating.deviation };
  });
  const games = (row?.games ?? 0) + pending.length;
  return {
    playerId,
    kind,
    rating: rating.rating,
    deviation: rating.deviation,
    volatility: rating.volatility,
    games,
    established: isEstablished({ games, playDays: playDays.length, deviation: rating.deviation }),
    version: row?.version ?? 0,
    updatedAt: now.toISOString(),
    through: last.id,
    exists: row !== undefined,
    after,
  };
}
