/**
 * Glicko-2, as in Mark Glickman's "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf), with
 * the Illinois algorithm for the new volatility (step 5 of the paper).
 *
 * How it is used here, as on puzzle sites (Lichess): every ranked solve is its own rating period with one
 * game, player against puzzle, the game result being the time score from score.ts. The puzzle is rated too:
 * it plays the same game from the other side with result 1 − s. Puzzles of every level start from the same
 * default rating, because the benchmark already scales the score to the level (an average solver scores
 * about 0.5 on an easy and on an expert puzzle alike).
 */

/** A Glicko-2 rating on the familiar Glicko scale (1500 = average). */
export interface Rating {
  rating: number;
  /** RD: the uncertainty of `rating` (one standard deviation, rating points). */
  deviation: number;
  /** σ: how erratic the player's results are. */
  volatility: number;
}

/** One game of a rating period: the opponent's rating before the period and the result in [0, 1]. */
export interface GameResult {
  opponent: Rating;
  score: number;
}

export interface Glicko2Options {
  /** τ, the constraint on volatility changes (the paper suggests 0.3–1.2). */
  tau?: number;
}

/** Lichess's τ for players and puzzles; large enough that a player who improves is followed quickly. */
export const TAU = 0.75;

/** The paper's factor between the Glicko scale and the internal Glicko-2 scale. */
export const GLICKO2_SCALE = 173.7178;

export const DEFAULT_RATING = 1500;

/**
 * New players and puzzles start at RD 500 like Lichess's puzzle ratings, not the paper's 350: with one game per
 * rating period, the wider start lets the first dozen solves place a player instead of the first fifty.
 */
export const NEW_DEVIATION = 500;

/**
 * Lichess's starting volatility 0.09 (the paper suggests 0.06). Taken with τ and the RD bounds as one
 * set, tuned together by Lichess for exactly this use: one puzzle per rating period.
 */
export const NEW_VOLATILITY = 0.09;

/**
 * RD never drops below this, so a long-established rating still moves when the player changes. With one
 * game per period an active player's RD settles around 60–70 anyway: there one game adds as much
 * information as one period's volatility takes away.
 */
export const MIN_DEVIATION = 45;

/** RD never grows past the new-player value: a returning player is at most as uncertain as a new one. */
export const MAX_DEVIATION = NEW_DEVIATION;

/** Lichess: past this the volatility may never settle again. */
export const MAX_VOLATILITY = 0.1;

/** The paper's convergence tolerance ε for the volatility iteration. */
export const VOLATILITY_TOLERANCE = 1e-6;

/** The Illinois iteration converges in about ten steps; this only guards against a pathological input. */
const MAX_ITERATIONS = 100;

/** The rating a new player (or a new puzzle) starts with. */
export function newRating(): Rating {
  return { rating: DEFAULT_RATING, deviation: NEW_DEVIATION, volatility: NEW_VOLATILITY };
}

/** The paper's g(φ): how much an opponent's uncertainty damps what a game against them says. */
function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

/** The paper's E(μ, μj, φj), taking g(φj) already computed. */
function e(mu: number, muOpponent: number, gOpponent: number): number {
  return 1 / (1 + Math.exp(-gOpponent * (mu - muOpponent)));
}

/** The expected result of `player` against `opponent` in one game, in (0, 1). */
export function expectedScore(player: Rating, opponent: Rating): number {
  return e(
    (player.rating - DEFAULT_RATING) / GLICKO2_SCALE,
    (opponent.rating - DEFAULT_RATING) / GLICKO2_SCALE,
    g(opponent.deviation / GLICKO2_SCALE),
  );
}

function assertRating(r: Rating, who: string): void {
  if (!Number.isFinite(r.rating)) throw new RangeError(`${who}: rating must be finite, got ${r.rating}`);
  if (!(Number.isFinite(r.deviation) && r.deviation > 0)) {
    throw new RangeError(`${who}: deviation must be positive, got ${r.deviation}`);
  }
  if (!(Number.isFinite(r.volatility) && r.volatility > 0)) {
    throw new RangeError(`${who}: volatility must be positive, got ${r.volatility}`);
  }
}

/** Step 5 of the paper: the new volatility σ′, found with the Illinois variant of regula falsi. */
function newVolatility(phi: number, sigma: number, delta: number, v: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let lo = a;
  let hi: number;
  if (delta * delta > phi * phi + v) {
    hi = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    hi = a - k * tau;
  }
  let fLo = f(lo);
  let fHi = f(hi);
  for (let i = 0; i < MAX_ITERATIONS && Math.abs(hi - lo) > VOLATILITY_TOLERANCE; i++) {
    const c = lo + ((lo - hi) * fLo) / (fHi - fLo);
    const fC = f(c);
    if (fC * fHi <= 0) {
      lo = hi;
      fLo = fHi;
    } else {
      // The Illinois step: halving the stale end's value keeps regula falsi from stalling on one side.
      fLo /= 2;
    }
    hi = c;
    fHi = fC;
  }
  return Math.exp(lo / 2);
}

function bounded(r: Rating): Rating {
  return {
    rating: r.rating,
    deviation: Math.min(MAX_DEVIATION, Math.max(MIN_DEVIATION, r.deviation)),
    volatility: Math.min(MAX_VOLATILITY, r.volatility),
  };
}

/**
 * The player's rating after one rating period with these games (all rated against the opponents' ratings
 * from before the period). No games: only the deviation grows, by one period's volatility. The result's
 * RD is kept within [MIN_DEVIATION, MAX_DEVIATION] and its volatility at most MAX_VOLATILITY; the inputs
 * are taken as they are (the paper's example has an opponent with RD 30).
 */
export function update(player: Rating, results: readonly GameResult[], options: Glicko2Options = {}): Rating {
  const tau = options.tau ?? TAU;
  if (!(Number.isFinite(tau) && tau > 0)) throw new RangeError(`tau must be positive, got ${tau}`);
  assertRating(player, 'player');
  const mu = (player.rating - DEFAULT_RATING) / GLICKO2_SCALE;
  const phi = player.deviation / GLICKO2_SCALE;
  if (results.length === 0) {
    return bounded({
      rating: player.rating,
      deviation: Math.sqrt(phi * phi + player.volatility * player.volatility) * GLICKO2_SCALE,
      volatility: player.volatility,
    });
  }
  let information = 0;
  let surprise = 0;
  results.forEach(({ opponent, score }, i) => {
    assertRating(opponent, `opponent ${i}`);
    if (!(score >= 0 && score <= 1)) throw new RangeError(`score ${i} must be in [0, 1], got ${score}`);
    const muJ = (opponent.rating - DEFAULT_RATING) / GLICKO2_SCALE;
    const gJ = g(opponent.deviation / GLICKO2_SCALE);
    const eJ = e(mu, muJ, gJ);
    information += gJ * gJ * eJ * (1 - eJ);
    surprise += gJ * (score - eJ);
  });
  const v = 1 / information;
  const delta = v * surprise;
  const sigma = newVolatility(phi, player.volatility, delta, v, tau);
  const phiStar = Math.sqrt(phi * phi + sigma * sigma);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * surprise;
  return bounded({
    rating: muNew * GLICKO2_SCALE + DEFAULT_RATING,
    deviation: phiNew * GLICKO2_SCALE,
    volatility: sigma,
  });
}

/**
 * One ranked solve as its own rating period for both sides: the player scores `score` against the puzzle,
 * the puzzle 1 − score against the player, both against the other's rating from before the game.
 */
export function rateGame(
  player: Rating,
  puzzle: Rating,
  score: number,
  options: Glicko2Options = {},
): { player: Rating; puzzle: Rating } {
  return {
    player: update(player, [{ opponent: puzzle, score }], options),
    puzzle: update(puzzle, [{ opponent: player, score: 1 - score }], options),
  };
}
