/**
 * A first ranked submission ready to send, for the benchmarks that load the submission route (http in Node,
 * growth inside workerd): the player's bearer token and a JSON body whose start token is half an hour old and
 * whose claimed time, 20 minutes, clears every time floor.
 */
import { type PlayerId, playerToken } from '../../src/auth/player-token.js';
import type { TokenSecret } from '../../src/auth/signing-keys.js';
import { startToken } from '../../src/auth/start-token.js';

export interface RankedSubmission {
  token: string;
  body: string;
}

export async function rankedSubmission(
  secret: TokenSecret,
  playerId: PlayerId,
  puzzleId: string,
  solution: unknown,
): Promise<RankedSubmission> {
  const start = await startToken(secret, { playerId, puzzleId, startedAt: Date.now() - 30 * 60_000 });
  return {
    token: await playerToken(secret, playerId),
    body: JSON.stringify({ solution, elapsedMs: 20 * 60_000, startToken: start }),
  };
}
