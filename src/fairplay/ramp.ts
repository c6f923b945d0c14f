/**
 * A ramp: a run of solves of one kind and level, each faster than the one before, ending far faster than it
 * began. It is how a script ages into the top of a board (play middling, then step the pace down as fast as
 * the history rule lets it), and not how people improve: a person's times scatter widely around their
 * level (log-normal, σ ≈ 0.5 in log-time, RELIABILITY.md) and that level moves by a few percent over
 * weeks. For such times, RAMP_SOLVES strictly falling solves happen by chance with probability 1/720
 * (0.14 % of solves; simulated with the drop condition, test/fairplay/ramp.test.ts: 0.12 %), so a ramp lists its player as a suspect
 * (suspicion.ts) for a moderator to look at, with the paces as evidence; it holds only solves under the
 * elite line meanwhile.
 */

/** This solve and the ones before it at its kind and level that must each be faster than the last. */
export const RAMP_SOLVES = 6;
/** …ending at no more than this share of the run's first pace. */
export const RAMP_MAX_SHARE = 0.6;

/**
 * Whether this pace ends a ramp. `levelPaces`: the player's counted paces of the kind and level before it,
 * newest first (pace-history.ts's window).
 */
export function endsRamp(pace: number, levelPaces: readonly number[]): boolean {
  const run = [pace, ...levelPaces.slice(0, RAMP_SOLVES - 1)];
  if (run.length < RAMP_SOLVES) return false;
  for (let i = 0; i + 1 < run.length; i++) {
    if (!((run[i] as number) < (run[i + 1] as number))) return false;
  }
  return pace <= RAMP_MAX_SHARE * (run.at(-1) as number);
}
