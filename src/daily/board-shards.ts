/**
 * How many board shards (K, `puzzles.board_shards`) a new puzzle is made with: enough for the busiest minute
 * its kind and level had on the dates before it, twice over for a day that goes viral. Pure. A puzzle's K is
 * fixed when it is made (a player's solves always go to the shard its id hashes to), so this is decided once,
 * from the past, and never revised while the puzzle is live.
 */

/** The most shards a puzzle may have: each shard tells every other one its counts at each flush (K − 1 calls). */
export const MAX_BOARD_SHARDS = 64;

/** Ranked solves per second one board is planned for: the low end of an object's documented 200–500 writes/s. */
export const BOARD_SOLVES_PER_SECOND = 200;

/** A new puzzle is sized for this many times the recent peak: a viral day brings more than the usual busiest. */
export const PEAK_HEADROOM = 2;

/** The dates before a puzzle's own whose peaks of its kind and level size it. */
export const PEAK_DAYS = 7;

/**
 * K for a busiest minute of `peakSolvesPerMinute` ranked solves: ⌈headroom × peak per second ÷ a board's
 * rate⌉, at least `least` (the deployment's `BOARD_SHARDS`) and at most `MAX_BOARD_SHARDS`. A peak of 40
 * solves/s (2,400 a minute) keeps one board; 400/s (24,000 a minute) gives four.
 */
export function shardsForPeak(peakSolvesPerMinute: number, least = 1): number {
  const needed = Math.ceil((PEAK_HEADROOM * peakSolvesPerMinute) / 60 / BOARD_SOLVES_PER_SECOND);
  return Math.min(MAX_BOARD_SHARDS, Math.max(1, least, needed));
}
