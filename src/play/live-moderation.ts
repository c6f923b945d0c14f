import { areAnswersPublic, type IsoDate } from '../daily/calendar.js';
import type { LiveBoards } from '../live/boards.js';

/**
 * Runs a change of solves in D1 (a moderator's approve, void or ban, an account's deletion) so that the
 * boards of the live puzzles it touches take it in: each board first copies what it holds to D1 (so the
 * change sees every acknowledged solve), and after the change starts again from D1's solves and rating. A
 * board and D1 disagree at most while the change runs. Puzzles whose ranking has closed have no board to
 * tell; without boards (the direct path) this is just the change.
 */
export async function changeLiveSolves<T>(
  boards: LiveBoards | undefined,
  puzzleIds: readonly string[],
  now: Date,
  change: () => Promise<T>,
): Promise<T> {
  const live = boards ? [...new Set(puzzleIds)].filter((id) => !areAnswersPublic(dateOf(id), now)) : [];
  for (const id of live) await boards?.flush(id);
  const result = await change();
  for (const id of live) await boards?.reload(id);
  return result;
}

/** The date part of a `DATE:KIND:LEVEL` puzzle id. */
function dateOf(puzzleId: string): IsoDate {
  return puzzleId.slice(0, puzzleId.indexOf(':')) as IsoDate;
}
