/**
 * Who may move what. Accounts cost nothing, so a rating that one account's games could move must not be
 * movable by accounts without a history: only established players move puzzles (and, through calibration,
 * benchmarks and the learnt floor). The anchor is Lichess's puzzle rating, where a solver whose deviation is
 * still "clueless" (RD ≥ 230) leaves the puzzle untouched; here a player must also have a history of clean
 * solves over several days, so a fresh account cannot get there by playing many games in one sitting.
 */

/** Established in a kind: at least this many clean ranked solves of the kind… */
export const ESTABLISHED_MIN_GAMES = 5;
/**
 * …on at least this many days of play on the server's clock (play-days.ts: each begins at least 20 hours
 * after the one before), whatever the puzzles' dates: a burst of one visit does not count…
 */
export const ESTABLISHED_MIN_PLAY_DAYS = 3;
/**
 * …and a deviation below this (Lichess's "clueless" bound). A new player's RD falls below it after 2–3
 * games against settled puzzles (RD 80–150), 7 against new ones (RD 500), and 15 against new ones at the
 * provisional weight, the case of a fresh deployment where nobody is established yet. A bound of 200 would
 * need 3–4, 10 and 20 games: longer for honest players, with nothing gained against throwaway accounts,
 * which the history conditions stop (the figures come from replaying score-0.5 games through
 * weighted-games.ts).
 */
export const ESTABLISHED_MAX_DEVIATION = 230;

export interface PlayerRecord {
  /** Clean ranked solves of the kind. */
  games: number;
  /** Days of play among them (counting stops at ESTABLISHED_MIN_PLAY_DAYS). */
  playDays: number;
  deviation: number;
}

export function isEstablished(record: PlayerRecord): boolean {
  return (
    record.games >= ESTABLISHED_MIN_GAMES &&
    record.playDays >= ESTABLISHED_MIN_PLAY_DAYS &&
    record.deviation < ESTABLISHED_MAX_DEVIATION
  );
}

/** A solver this sure of (RD at most this) moves a puzzle with its full weight. */
export const FULL_WEIGHT_DEVIATION = 80;
/** A barely established solver (RD just under ESTABLISHED_MAX_DEVIATION) moves it with this weight. */
export const LEAST_WEIGHT = 0.25;

/**
 * How much one game moves the puzzle: nothing for a provisional solver; for an established one, a weight
 * that falls linearly with the solver's deviation, from 1 at FULL_WEIGHT_DEVIATION to LEAST_WEIGHT at the
 * establishment bound, so the many honest players near the bound count less than the few well-known ones.
 */
export function puzzleWeight(established: boolean, solverDeviation: number): number {
  if (!established) return 0;
  const span = ESTABLISHED_MAX_DEVIATION - FULL_WEIGHT_DEVIATION;
  const beyond = Math.min(1, Math.max(0, (solverDeviation - FULL_WEIGHT_DEVIATION) / span));
  return 1 - (1 - LEAST_WEIGHT) * beyond;
}

/** A puzzle is provisional until this many established solvers have moved it. */
export const PUZZLE_ESTABLISHED_GAMES = 8;
/**
 * While a puzzle is provisional its rating says little, so a game against it moves the player at this
 * weight (Lichess lowers it by 0.2 for a win and 0.7 for a loss against a provisional puzzle; one weight
 * for every result keeps the update symmetric, so it cannot be steered by choosing which puzzles to lose).
 */
export const PROVISIONAL_PUZZLE_WEIGHT = 0.5;

export function playerWeight(puzzleEstablishedGames: number): number {
  return puzzleEstablishedGames < PUZZLE_ESTABLISHED_GAMES ? PROVISIONAL_PUZZLE_WEIGHT : 1;
}

/**
 * A puzzle learns only from plausible play: a solve outside this band of paces (counted time ÷ benchmark)
 * says more about the account than about the puzzle (a slow crowd idling to pump it, a fast one to sink
 * it), so it leaves the puzzle untouched whoever made it. Honest times scatter log-normally around the
 * benchmark with σ ≈ 0.5 in log-time (RELIABILITY.md): 0.13 % of them fall outside ×0.2–×5.
 */
export const PLAUSIBLE_PACE = { min: 0.2, max: 5 } as const;

export function isPlausiblePace(pace: number): boolean {
  return pace >= PLAUSIBLE_PACE.min && pace <= PLAUSIBLE_PACE.max;
}

/**
 * Once settled (PUZZLE_ESTABLISHED_GAMES established games), a puzzle's rating moves at most this many
 * points in all, however many players come after: its n-th game (n > the settling count S) may move it at
 * most SETTLED_MOVE_BUDGET · S / (n (n − 1)), a series that sums to exactly the budget. A daily puzzle is
 * ranked for about two days, so this is also its bound per day: 2 % of a 1500 puzzle. Twenty aged accounts
 * solving at 3× the benchmark move a settled puzzle by under 30 points instead of 110–170.
 */
export const SETTLED_MOVE_BUDGET = 30;

/** The most the game after `establishedBefore` established games may move the puzzle (Infinity: no bound). */
export function settledMoveCap(establishedBefore: number): number {
  const n = establishedBefore + 1;
  if (n <= PUZZLE_ESTABLISHED_GAMES) return Number.POSITIVE_INFINITY;
  return (SETTLED_MOVE_BUDGET * PUZZLE_ESTABLISHED_GAMES) / (n * (n - 1));
}
