import type { PlayerId } from '../auth/player-token.js';
import type { PuzzleKey } from '../daily/puzzle-id.js';
import type { Db } from '../db/client.js';
import { type LiveRead, type SubmissionState, submissionState } from '../db/submissions.js';
import { HISTORY_WINDOW_MS } from '../fairplay/pace-history.js';
import { SUSPECT_WINDOW_MS } from '../fairplay/suspicion.js';
import type { Services } from '../services.js';
import { knownLivePuzzle, rememberLivePuzzle } from './live-puzzles.js';

/**
 * What judging a ranked submission needs, in one read. On the live boards the Worker writes nothing to D1
 * for a ranked solve (the board does, later), so the read may come from any replica and the primary takes
 * only the boards' batches; a replica still behind the player's registration or its session's start is
 * asked again on the primary before the submission is refused. It leaves out what the board plays (the
 * puzzle's pending games) and a puzzle this isolate judged before (`live-puzzles.ts`). On the direct path
 * the read is the primary's, as the write after it checks its conditions there.
 */
export async function judgingState(
  services: Services,
  id: string,
  token: { playerId: PlayerId; tokenId: string },
  key: PuzzleKey,
  now: Date,
): Promise<SubmissionState> {
  // Only a service that queues webhook events needs to know which ones endpoints hear.
  const events = services.webhooks !== undefined;
  const read = (db: Db, live?: LiveRead) =>
    submissionState(db, id, token, key.kind, key.level, windowsAt(now), { events, ...(live && { live }) });
  if (!services.boards) return read(services.db);
  const live = { known: knownLivePuzzle(id) };
  const replicaState = await read(services.replica, live);
  const state =
    replicaState.player && (replicaState.ranked || (replicaState.session && replicaState.puzzle))
      ? replicaState
      : await read(services.db, live);
  if (state.puzzle) rememberLivePuzzle(state.puzzle);
  return state;
}

/** The starts of the windows of the pace signals (suspects) and of the pace history. */
export function windowsAt(now: Date): { signals: string; history: string } {
  return {
    signals: new Date(now.getTime() - SUSPECT_WINDOW_MS).toISOString(),
    history: new Date(now.getTime() - HISTORY_WINDOW_MS).toISOString(),
  };
}
