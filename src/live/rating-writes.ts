import type { Db } from '../db/client.js';
import {
  type PendingPuzzleGame,
  type PuzzleRatingState,
  type PuzzleRatingUpdate,
  puzzleRatingState,
} from '../db/puzzle-ratings.js';
import { applyReportedGames } from '../play/apply-reported-games.js';
import { ratingThrough } from '../play/rating-through.js';

/** The games a write carries, and the stored rating they are applied to. */
export interface CarriedGames {
  state: PuzzleRatingState;
  games: readonly PendingPuzzleGame[];
}

/**
 * The puzzle's rating as the board that writes it (a lone board, or shard 0 of several) last stored it in
 * D1, which its next batch applies its games to, and the games other shards reported since. A report is
 * applied in memory at once (its shard's next games play against the result) and written with shard 0's
 * next flush batch, or alone by its alarm when shard 0 has nothing of its own to flush: one primary
 * statement for every report of that moment instead of one round trip each. A write is exact only when
 * its games are the next counted ones in D1. When shard 0's batch is not, most often another shard's flush
 * landed just before it and that shard's report is on its way: the batch's games wait with the reports
 * (`deferred`) for the next write, which catches up from D1 if it is not exact either. So does shard 0
 * when it starts again, so a report lost with its memory is applied all the same.
 */
export class RatingWrites {
  /** Reported games after D1's `rated_through`, in D1's order, not written yet. */
  private pending: PendingPuzzleGame[] = [];
  /** The last write met a conflict and was deferred: the next one catches up instead. */
  private conflicted = false;

  constructor(
    private readonly db: () => Db,
    private readonly puzzleId: string,
    /** D1's rating as this board last stored or read it; undefined: read it before the next use. */
    private state: PuzzleRatingState | undefined,
  ) {}

  /** D1's rating as last stored or read, if known: saved with the board's watermark for a restart. */
  get stored(): PuzzleRatingState | undefined {
    return this.state;
  }

  /** Takes reported games (none: just answers); the rating with every game taken so far applied. */
  async take(games: readonly PendingPuzzleGame[]): Promise<PuzzleRatingUpdate | undefined> {
    const state = await this.known();
    if (!state) return undefined;
    this.add(games.filter((g) => g.id > state.ratedThrough));
    return ratingThrough(state, this.pending);
  }

  get waiting(): boolean {
    return this.pending.length > 0;
  }

  /** What shard 0's own flush carries before its rows: the stored rating and the games taken since. */
  async carried(): Promise<CarriedGames | undefined> {
    const state = await this.known();
    return state && { state, games: [...this.pending] };
  }

  /** Whether a write that is not exact may be left to a later one: once, not twice in a row. */
  get mayDefer(): boolean {
    return !this.conflicted;
  }

  /**
   * A flush batch's write was not exact and wrote nothing (another shard's flush landed first, its report
   * still on its way): D1's rating is as it was, and the batch's own `games` wait with the reported ones.
   */
  deferred(games: readonly PendingPuzzleGame[]): void {
    this.conflicted = true;
    this.add(games);
  }

  /** A write that carried `games` is done: D1's rating after it, or undefined where a catch-up took over. */
  written(stored: PuzzleRatingState | undefined, games: readonly PendingPuzzleGame[]): void {
    this.conflicted = false;
    const done = new Set(games.map((g) => g.id));
    this.pending = this.pending.filter((g) => !done.has(g.id));
    this.state = stored;
    if (stored) this.pending = this.pending.filter((g) => g.id > stored.ratedThrough);
  }

  /** Writes the games taken so far on their own (shard 0 had no rows to carry them); D1's rating after. */
  async write(): Promise<PuzzleRatingState | undefined> {
    const carried = await this.carried();
    if (!carried) {
      // No rating to write to (the puzzle is gone): nothing will take these games.
      this.pending = [];
      return undefined;
    }
    // A write that fails leaves everything as it was: a retry that finds it stored after all catches up.
    const stored = await applyReportedGames(this.db(), carried.state, carried.games);
    this.written(stored, carried.games);
    return stored;
  }

  /** `games` among the pending ones, each once, in D1's order. */
  private add(games: readonly PendingPuzzleGame[]): void {
    const taken = new Set(this.pending.map((g) => g.id));
    this.pending = [...this.pending, ...games.filter((g) => !taken.has(g.id))].sort((a, b) => a.id - b.id);
  }

  private async known(): Promise<PuzzleRatingState | undefined> {
    if (this.state) return this.state;
    const read = await puzzleRatingState(this.db(), this.puzzleId);
    const state = this.state ?? read;
    // A catch-up may have applied games taken before it.
    if (state) this.pending = this.pending.filter((g) => g.id > state.ratedThrough);
    this.state = state;
    return state;
  }
}
