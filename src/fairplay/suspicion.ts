/**
 * Players whose pace, not any one log, gives them away: accounts that hug the floor (a script tuned to
 * the public arithmetic of the cold floor waits just past it) or outrun the record pace without a
 * moderator's word for them, that turn elite in several kinds from a short history, or that ramp their
 * pace down faster than people improve (ramp.ts). Such a player is listed for moderators (GET /v1/admin/suspects) and, while listed, its
 * solves under the elite line stay `pending` whatever its history. A moderator's clear takes it off the
 * list; only signals after the clear count again.
 */

/** Signals count over this window of the server's clock. */
export const SUSPECT_WINDOW_MS = 30 * 86_400_000;
/**
 * A solve within this percentage of its floor hugs it (a solve under the floor does too), and so does one
 * faster than the record pace from a player no moderator vouched for: the band reaches from the floor up to
 * the fastest pace a person was seen to solve at.
 */
export const FLOOR_HUG_PERCENT = 115;
/** This many floor-hugging solves in the window list the player. */
export const FLOOR_HUGS_TO_LIST = 3;
/** An elite solve with fewer counted solves of its kind before it comes from a short history. */
export const EARLY_ELITE_GAMES = 10;
/** Early elite solves in this many kinds within the window list the player. */
export const EARLY_ELITE_KINDS_TO_LIST = 2;

/** What one solve says about its player. */
export interface PaceSignals {
  hugsFloor: boolean;
  earlyElite: boolean;
  ramp: boolean;
}

export function paceSignals(solve: {
  countedMs: number;
  floorMs: number;
  eliteMs: number;
  /** The record pace of the kind and level in milliseconds for this puzzle, once there is one. */
  recordMs: number | null;
  /** A moderator vouched for the player. */
  vouched: boolean;
  /** The player's counted solves of the kind before this one. */
  gamesBefore: number;
  /** The solve ends a ramp (ramp.ts). */
  ramp: boolean;
}): PaceSignals {
  const elite = solve.countedMs < solve.eliteMs;
  const beatsRecord = !solve.vouched && solve.recordMs !== null && solve.countedMs < solve.recordMs;
  return {
    // In whole percent, so that the boundary is exact in floating point.
    hugsFloor: solve.countedMs * 100 <= FLOOR_HUG_PERCENT * solve.floorMs || beatsRecord,
    earlyElite: elite && solve.gamesBefore < EARLY_ELITE_GAMES,
    ramp: solve.ramp,
  };
}

export interface Suspicion<Kind extends string> {
  listed: boolean;
  floorHugs: number;
  earlyEliteKinds: Kind[];
  /** Solves that ended a ramp: one lists the player. */
  ramps: number;
}

/** The player's standing on the list from its signals within the window (since its last clear). */
export function suspicionOf<Kind extends string>(
  signals: readonly (PaceSignals & { kind: Kind })[],
): Suspicion<Kind> {
  const floorHugs = signals.filter((s) => s.hugsFloor).length;
  const earlyEliteKinds = [...new Set(signals.filter((s) => s.earlyElite).map((s) => s.kind))].sort();
  const ramps = signals.filter((s) => s.ramp).length;
  return {
    listed:
      floorHugs >= FLOOR_HUGS_TO_LIST || earlyEliteKinds.length >= EARLY_ELITE_KINDS_TO_LIST || ramps > 0,
    floorHugs,
    earlyEliteKinds,
    ramps,
  };
}
