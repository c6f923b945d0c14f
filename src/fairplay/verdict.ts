/**
 * The verdict on a ranked solve: `clean` is ranked publicly at once; `pending` (faster than its player's
 * history carries) and `flagged` (the log or the floor says no) wait for a moderator and count nowhere
 * meanwhile (boards, statistics, calibration, the floor, both ratings). Every rule errs towards letting
 * people through: a review costs an honest player a delay, never the solve, and a moderator can approve it.
 */

import { NETWORK_ALLOWANCE_MS } from '../rating/counted-time.js';
import { BURST_SHARE, type Evidence } from './evidence.js';

export const FLAG_REASONS = [
  /** Counted time under the human floor for the puzzle (human-floor.ts). */
  'under_floor',
  /** Several entries closer than 50 ms (evidence.ts), outside drag strokes. */
  'fast_entries',
  /** Most of the log entered in a small fraction of the counted time, faster than a person could. */
  'burst',
  /** Gaps between entries too even for a person. */
  'regular_intervals',
  /** The log claims entries from before the session started. */
  'log_before_session',
  /** The log claims entries after the submission arrived. */
  'log_after_submission',
  /** Colour sort: the moves expose other hidden units than the session's reveals showed (reveal-match.ts). */
  'reveal_mismatch',
] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

export const PENDING_REASONS = [
  /** Under the elite line, and the player's own history does not carry that pace (pace-history.ts). */
  'pace_unproven',
  /** Under the elite line while the player is on the suspects list (suspicion.ts). */
  'suspect_player',
] as const;
export type PendingReason = (typeof PENDING_REASONS)[number];
/** Why a solve waits for a moderator, whichever verdict made it wait. */
export type ReviewReason = FlagReason | PendingReason;

/** What the log and the floor say (`judge`). */
export type LogVerdict = { verdict: 'clean' } | { verdict: 'flagged'; reasons: FlagReason[] };
export type Verdict = LogVerdict | { verdict: 'pending'; reasons: PendingReason[] };

/** What the player's own record says about a solve under the elite line. */
export interface PaceStanding {
  /** The player's history carries the pace (pace-history.ts). */
  historyCarries: boolean;
  /** The player is on the suspects list, this solve's signals included (suspicion.ts). */
  suspect: boolean;
}

/**
 * The verdict on a solve: flagged when the log or the floor says so; otherwise, under the elite line,
 * pending unless the player's history carries the pace and the player is not a suspect; else clean.
 */
export function verdictOf(evidence: Evidence, standing: PaceStanding, revealsMatch = true): Verdict {
  const logVerdict = judge(evidence, revealsMatch);
  if (logVerdict.verdict === 'flagged' || evidence.countedMs >= evidence.eliteMs) return logVerdict;
  const reasons: PendingReason[] = [];
  if (!standing.historyCarries) reasons.push('pace_unproven');
  if (standing.suspect) reasons.push('suspect_player');
  return reasons.length === 0 ? logVerdict : { verdict: 'pending', reasons };
}

/**
 * A single double-tap or two entries in one animation frame happen to people; three or more outside a
 * drag stroke is a script pasting moves.
 */
export const MAX_FAST_GAPS = 2;
/**
 * A burst: most of the log (BURST_SHARE of its entries) entered within a small share of the counted time
 * AND faster than the human floor allows for that much of the board. A script that waits out the clock
 * and pastes its moves makes one; a person who left the puzzle open for an hour and then solved it at a
 * person's pace does not (the second condition), nor does one who thinks first and enters at the end at
 * a human speed.
 */
export const BURST_TIME_SHARE = 0.1;
/** Logs this short say too little about pacing to flag a burst. */
export const MIN_ENTRIES_FOR_BURST = 10;
/**
 * People's gaps between entries are heavy-tailed (inter-keystroke intervals are roughly log-normal, with
 * the 90th percentile many times the 10th); a script sleeping a fixed time, or a fixed time ± 40 %, stays
 * below this ratio.
 */
export const MIN_GAP_SPREAD = 2.5;

/**
 * The log's and the floor's verdict alone. `revealsMatch`: false when the solve's moves do not match its
 * session's reveals (reveal-match.ts).
 */
export function judge(evidence: Evidence, revealsMatch = true): LogVerdict {
  const reasons: FlagReason[] = [];
  if (evidence.countedMs < evidence.floorMs) reasons.push('under_floor');
  if (evidence.fastGaps > MAX_FAST_GAPS) reasons.push('fast_entries');
  if (isBurst(evidence)) reasons.push('burst');
  if (evidence.gapSpread !== null && evidence.gapSpread < MIN_GAP_SPREAD) reasons.push('regular_intervals');
  if (evidence.firstMs !== null && evidence.firstMs < -NETWORK_ALLOWANCE_MS)
    reasons.push('log_before_session');
  if (evidence.lastMs !== null && evidence.lastMs > evidence.serverMs + NETWORK_ALLOWANCE_MS) {
    reasons.push('log_after_submission');
  }
  if (!revealsMatch) reasons.push('reveal_mismatch');
  return reasons.length === 0 ? { verdict: 'clean' } : { verdict: 'flagged', reasons };
}

function isBurst(evidence: Evidence): boolean {
  if (evidence.entries < MIN_ENTRIES_FOR_BURST) return false;
  return (
    evidence.burstMs < BURST_TIME_SHARE * evidence.countedMs &&
    evidence.burstMs < BURST_SHARE * evidence.floorMs
  );
}
