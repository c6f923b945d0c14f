import type { Db } from '../db/client.js';
import { type PendingPuzzleGame, type PuzzleRatingState, puzzleRatingState } from '../db/puzzle-ratings.js';
import { applyReportedGames } from '../play/apply-reported-games.js';

/**
 * Shard 0 of several: the puzzle's rating, which it alone writes, taking the games each shard reports after
 * its flush. It keeps D1's rating as it last stored it, so a report that follows the last one in D1 costs
 * one statement and no read. Reports are taken one at a time, as they arrive: a desk interleaves its calls
 * at every await, and two applications at once would only make each other fall back to a catch-up.
 */
export class ShardedRating {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: () => Db,
    private readonly puzzleId: string,
    private state: PuzzleRatingState | undefined,
  ) {}

  /** Applies the reported games (none: just answers the rating); D1's rating after them. */
  apply(games: readonly PendingPuzzleGame[]): Promise<PuzzleRatingState | undefined> {
    const applied = this.queue.then(() => this.applyNow(games));
    this.queue = applied.catch(() => undefined);
    return applied;
  }

  private async applyNow(games: readonly PendingPuzzleGame[]): Promise<PuzzleRatingState | undefined> {
    const db = this.db();
    const state = this.state ?? (await puzzleRatingState(db, this.puzzleId));
    // Read again from D1 next time should this application fail midway.
    this.state = undefined;
    this.state = state && (await applyReportedGames(db, state, games));
    return this.state;
  }
}
