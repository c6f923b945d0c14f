import { batch, statement } from '../db/batch.js';
import type { Db } from '../db/client.js';
import { insertLiveSolvesStatements, type LiveSolveRow, type StoredLiveSolve } from '../db/live-board.js';
import { type OwnGameRating, ownGameRatingStatements } from '../db/player-ratings.js';
import {
  advanceWithFlushQuery,
  type PendingPuzzleGame,
  type PuzzleRatingState,
  type PuzzleRatingUpdate,
  puzzleRatingState,
} from '../db/puzzle-ratings.js';
import { raisePeakSolvesQuery } from '../db/puzzles.js';
import type { Kind } from '../kinds/index.js';
import type { PuzzleGame } from '../rating/weighted-games.js';
import { catchUpPlayerRatings } from './catch-up-player-rating.js';
import { catchUpPuzzleRating } from './catch-up-puzzle-ratings.js';
import { ratingThrough } from './rating-through.js';

/** One batch of a board's solves for D1, in its arrival order, with what the board computed of them. */
export interface FlushBatch {
  puzzleId: string;
  kind: Kind;
  rows: readonly LiveSolveRow[];
  /**
   * The puzzle's rating as D1 held it after the board's last write of it, which this batch's counted games
   * are applied to; absent when another board applies them (a shard other than 0).
   */
  puzzle?: PuzzleRatingState;
  /**
   * Shard 0 of several: the games other shards reported since its last write of the rating, in D1's order.
   * D1 has them already, so they are applied before this batch's own.
   */
  reported?: readonly PendingPuzzleGame[];
  /** The players' ratings through their own games, for the counted rows the board has them for. */
  ownGames: readonly OwnGameRating[];
  /** A busiest minute to raise the puzzle's to, when the board's has grown. */
  peak?: number;
  /**
   * Shard 0 of several: a puzzle rating write that is not exact is left to the board instead of caught up
   * from D1. Most often another shard's flush landed just before this batch and its report is on its way;
   * once it has come, one write carries everything.
   */
  deferConflict?: boolean;
}

/**
 * What a flush left in D1: the puzzle's rating as the batch stored it, unless a catch-up took over or the
 * write was deferred (then nothing of it was written), and the batch's games that D1 stored counted, with
 * D1's ids (what a shard reports to shard 0).
 */
export interface FlushOutcome {
  puzzle: PuzzleRatingState | undefined;
  games: PendingPuzzleGame[];
  deferred: boolean;
}

/**
 * Copies a board's batch to D1 in one round trip: the rows, the puzzle's rating through them and each
 * player's through its own game, each write a compare-and-set that applies only when exact. What one of
 * them leaves (another writer came first, a player was banned meanwhile, a replay after D1 had the rows)
 * is caught up from D1 afterwards, in D1's order, as before.
 */
export async function flushLiveSolves(db: Db, flush: FlushBatch, now: Date): Promise<FlushOutcome> {
  const counted = flush.rows.filter((r) => r.counted);
  const reported = flush.reported ?? [];
  const update =
    flush.puzzle && counted.length + reported.length > 0
      ? puzzleThrough(flush.puzzle, [...reported, ...counted.map(puzzleGameOf)])
      : undefined;
  const inserts = insertLiveSolvesStatements(db, flush.rows);
  const writes = [
    ...inserts,
    ...ownGameRatingStatements(db, flush.puzzleId, flush.ownGames),
    ...(flush.peak === undefined
      ? []
      : [statement(db, raisePeakSolvesQuery(db, flush.puzzleId, flush.peak))]),
  ];
  const puzzleWrite = update ? statement(db, advanceWithFlushQuery(db, update)) : null;
  const results = await batch(db, [...writes, puzzleWrite]);
  const stored = update ? (results[writes.length] as PuzzleRatingState[])[0] : flush.puzzle;
  const conflict = update !== undefined && !stored;
  if (conflict && !flush.deferConflict) {
    const state = await puzzleRatingState(db, flush.puzzleId);
    if (state) await catchUpPuzzleRating(db, state);
  }
  const rated = new Set(
    results.slice(inserts.length, writes.length).flatMap((r) => (Array.isArray(r) ? r : [])),
  );
  const left = [...new Set(counted.map((r) => r.playerId).filter((id) => !rated.has(id)))];
  if (left.length > 0) await catchUpPlayerRatings(db, left, flush.kind, now);
  const stores = results.slice(0, inserts.length) as StoredLiveSolve[][];
  return {
    puzzle: stored,
    games: countedGames(counted, stores.flat()),
    deferred: conflict && flush.deferConflict === true,
  };
}

/** The batch's games D1 stored counted, in D1's order, each with its id. */
function countedGames(
  counted: readonly LiveSolveRow[],
  stored: readonly StoredLiveSolve[],
): PendingPuzzleGame[] {
  const rows = new Map(counted.map((r) => [r.playerId, r]));
  return stored
    .flatMap((s) => {
      const row = rows.get(s.playerId);
      return s.counted && row ? [{ id: s.id, ...puzzleGameOf(row) }] : [];
    })
    .sort((a, b) => a.id - b.id);
}

/**
 * The puzzle's rating with the games applied in order, as a catch-up would apply them from D1's copy of the
 * rows (the same inputs, read as `pendingPuzzleGamesQuery` reads them).
 */
function puzzleThrough(
  state: PuzzleRatingState,
  games: readonly PuzzleGame[],
): PuzzleRatingUpdate & { games: number } {
  return { ...ratingThrough(state, games), games: games.length };
}

/** A counted row's game as the puzzle plays it, read as `pendingPuzzleGamesQuery` reads D1's copy of it. */
export function puzzleGameOf(r: LiveSolveRow): PuzzleGame {
  return {
    score: r.score ?? 0,
    solver: { rating: r.ratingBefore ?? 1500, deviation: r.deviationBefore ?? r.deviationAfter ?? 350 },
    puzzleWeight: r.puzzleWeight ?? 0,
  };
}
