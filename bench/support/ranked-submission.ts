/**
 * A first ranked submission ready to send, for the benchmarks that load the submission route (http in Node,
 * growth inside workerd): the player's bearer token and a JSON body as the demo page sends it (the solution,
 * its move log and the client's time), plus a start token half an hour old. The server times the solve from
 * the player's session, so the player must have fetched the puzzle (or have a session seeded) first.
 */
import { type PlayerId, playerToken } from '../../src/auth/player-token.js';
import type { TokenSecret } from '../../src/auth/signing-keys.js';
import { startToken } from '../../src/auth/start-token.js';
import type { LogEntry } from '../../src/engines/types.js';

export interface RankedSubmission {
  token: string;
  body: string;
}

export interface SubmissionToSend {
  playerId: PlayerId;
  puzzleId: string;
  solution: unknown;
  log: readonly LogEntry[];
  /** The client's own measure of the solve. */
  elapsedMs: number;
  /** The id of a token the player holds (a `player_tokens` row); a new one when not given. */
  tokenId?: string;
}

export async function rankedSubmission(secret: TokenSecret, s: SubmissionToSend): Promise<RankedSubmission> {
  const start = await startToken(secret, {
    playerId: s.playerId,
    puzzleId: s.puzzleId,
    startedAt: Date.now() - 30 * 60_000,
  });
  return {
    token: await playerToken(secret, s.playerId, s.tokenId),
    body: JSON.stringify({ solution: s.solution, log: s.log, elapsedMs: s.elapsedMs, startToken: start }),
  };
}

/**
 * The headers of the `i`-th player's submission `s`: its token, and an address of its own (many players,
 * many addresses: one address would meet the per-address limit, 429).
 */
export function submissionHeaders(s: RankedSubmission, i: number): Record<string, string> {
  return {
    authorization: `Bearer ${s.token}`,
    'content-type': 'application/json',
    'cf-connecting-ip': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  };
}
