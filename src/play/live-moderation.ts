import { areAnswersPublic } from '../daily/calendar.js';
import { dateOfPuzzleId } from '../daily/puzzle-id.js';
import type { Db } from '../db/client.js';
import { boardShardsOf } from '../db/puzzles.js';
import type { LiveDesks, LivePuzzle } from '../live/desks.js';

/**
 * Runs a change of solves in D1 (a moderator's approve, void or ban, an account's deletion) so that the
 * boards of the live puzzles it touches take it in: each board (every shard of a sharded puzzle) first
 * copies what it holds to D1 (so the change sees every acknowledged solve), and after the change starts
 * again from D1's solves and rating. A board and D1 disagree at most while the change runs. Puzzles whose
 * ranking has closed have no board to tell; without boards (the direct path) this is just the change.
 */
export async function changeLiveSolves<T>(
  db: Db,
  boards: LiveDesks | undefined,
  puzzleIds: readonly string[],
  now: Date,
  change: () => Promise<T>,
): Promise<T> {
  const live = boards ? await livePuzzles(db, puzzleIds, now) : [];
  for (const puzzle of live) await boards?.flush(puzzle);
  const result = await change();
  for (const puzzle of live) await boards?.reload(puzzle);
  return result;
}

/** The puzzles of `ids` still ranked, with their shards. */
async function livePuzzles(db: Db, ids: readonly string[], now: Date): Promise<LivePuzzle[]> {
  const live = [...new Set(ids)].filter((id) => !areAnswersPublic(dateOfPuzzleId(id), now));
  const shards = await boardShardsOf(db, live);
  return live.map((id) => ({ id, boardShards: shards.get(id) ?? 1 }));
}
