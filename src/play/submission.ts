import type { SubmissionResult } from '../contract/submission.js';
import type { LogEntry } from '../engines/types.js';

/** What a player submits for a puzzle it started. */
export interface Submission {
  solution: unknown;
  log: readonly LogEntry[];
  /** The client's own measure of the solve, which may lower the server's by the network allowance. */
  elapsedMs?: number;
  /** Optional: the start token of the puzzle's fetch; when sent it must be this player's for this puzzle. */
  startToken?: string;
}

/** What became of a submission; the route turns each into its HTTP answer. */
export type SubmissionOutcome =
  | { ok: true; result: SubmissionResult }
  | { ok: false; reason: 'unknown_player' }
  | { ok: false; reason: 'banned' }
  | { ok: false; reason: 'no_session' }
  | { ok: false; reason: 'invalid_start_token'; cause: keyof typeof START_TOKEN_REASONS; message: string }
  /** The log does not replay to the submitted solution: recorded as an attempt. */
  | { ok: false; reason: 'log_mismatch'; message: string; index?: number }
  /** The puzzle's board is overloaded (Durable Objects' `overloaded`): nothing was stored, try again later. */
  | { ok: false; reason: 'board_overloaded' };

export const START_TOKEN_REASONS = {
  malformed: 'the start token is malformed',
  forged: 'the start token was not issued by this server',
  other_player: 'the start token belongs to another player',
  other_puzzle: 'the start token belongs to another puzzle',
  expired: 'the start token has expired',
  from_future: 'the start token is dated in the future',
} as const;
