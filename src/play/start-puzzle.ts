import type { PlayerId } from '../auth/player-token.js';
import { startToken } from '../auth/start-token.js';
import type { PlayerRow } from '../db/players.js';
import type { PuzzleRow } from '../db/puzzles.js';
import { startSession } from '../db/sessions.js';
import type { Services } from '../services.js';
import { networkTag } from './network-tag.js';

export interface StartedPuzzle {
  /** When the player's clock of this puzzle started: its first fetch with a token; later fetches never move it. */
  startedAt: Date;
  /** How long ago that was, by the service's clock. */
  elapsedMs: number;
  /** The signed start the submission carries back, so the counted time needs no session read. */
  startToken: string;
}

/**
 * Starts (or finds) the player's session of a puzzle, where its counted time begins. `timeZone` is the
 * `tz` the fetch named, canonical: a player without a calendar takes it as its own. `network` is the
 * caller's /24 or /48 (null when unknown): a new session keeps only its keyed hash (network-tag.ts).
 */
export async function startPuzzle(
  services: Services,
  player: PlayerRow,
  puzzle: PuzzleRow,
  timeZone: string | null,
  network: string | null = null,
): Promise<StartedPuzzle> {
  const session = await startSession(services.db, {
    playerId: player.id,
    puzzleId: puzzle.id,
    startedAt: services.now(),
    timeZone,
    network: network === null ? null : await networkTag(services.config.puzzleSalt, network),
  });
  const token = await startToken(services.config.tokenSecret, {
    playerId: player.id as PlayerId,
    puzzleId: puzzle.id,
    startedAt: session.startedAt.getTime(),
  });
  return {
    startedAt: session.startedAt,
    elapsedMs: Math.max(0, services.now().getTime() - session.startedAt.getTime()),
    startToken: token,
  };
}
