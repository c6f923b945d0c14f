import type { Db } from '../db/client.js';
import {
  advanceWithReportedQuery,
  type PendingPuzzleGame,
  type PuzzleRatingState,
  puzzleRatingState,
} from '../db/puzzle-ratings.js';
import { catchUpPuzzleRating } from './catch-up-puzzle-ratings.js';
import { ratingThrough } from './rating-through.js';

/**
 * The puzzle's rating with a shard's reported games applied, in D1's order, from `state` (D1's rating as the
 * caller last stored or read it): one compare-and-set when the games are exactly the next counted ones in
 * D1; otherwise (another writer came first, another shard's flush lies between, a game was stored
 * uncounted) a catch-up from D1 applies whatever D1 holds, as before reports. Answers D1's rating after it.
 */
export async function applyReportedGames(
  db: Db,
  state: PuzzleRatingState,
  reported: readonly PendingPuzzleGame[],
): Promise<PuzzleRatingState | undefined> {
  const games = reported.filter((g) => g.id > state.ratedThrough).sort((a, b) => a.id - b.id);
  const last = games.at(-1);
  if (!last) return state;
  const update = { ...ratingThrough(state, games), through: last.id, games: games.length };
  const [stored] = await advanceWithReportedQuery(db, update);
  if (stored) return stored;
  const current = await puzzleRatingState(db, state.id);
  if (!current) return undefined;
  await catchUpPuzzleRating(db, current);
  return puzzleRatingState(db, state.id);
}
