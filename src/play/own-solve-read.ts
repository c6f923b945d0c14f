import { liveDates } from '../daily/calendar.js';
import { dateOfPuzzleId } from '../daily/puzzle-id.js';
import { boardShardsOf } from '../db/puzzles.js';
import { startedPuzzlesFrom } from '../db/sessions.js';
import type { LivePuzzle } from '../live/desks.js';
import type { Services } from '../services.js';
import { boardsOf, type DatedLivePuzzle } from './live-boards.js';
import { knownLivePuzzle } from './live-puzzles.js';

/**
 * Routes do not call these by hand: a route declares which of the caller's solves it reads
 * (`readsOwnSolves`, src/routes/own-solves.ts) and its middleware settles them. Only a read of a player who
 * is not the caller (a public profile; a device linked by a code) calls them itself.
 *
 * Before a player's own read or use of its solves of live puzzles from D1 (a puzzle's board and stats, a
 * vote, a share, its profile, history and the day's board): a solve a puzzle's board acknowledged is copied
 * to D1 within about a second, so the player's own solve, if it still waits on its board, is copied first
 * and the read sees it. Only the player's own shard is asked, and it copies only if that solve still waits,
 * so readers do not break up the boards' batches. Anonymous reads are cached for seconds anyway and go
 * straight to D1; so does everything on the direct path, where D1 has the solve before its answer, and a
 * puzzle whose ranking has closed, which has no board.
 */
export async function settleOwnSolve(
  services: Services,
  puzzle: DatedLivePuzzle,
  viewerId: string | null,
): Promise<void> {
  if (viewerId !== null) await boardsOf(services, puzzle.date)?.settleFor(puzzle, viewerId);
}

/**
 * The same for the puzzles of one date the player may have solved: the puzzle of a share (`only`: its shards
 * as this isolate knows them, src/play/live-puzzles.ts, else read), or every puzzle of the date the player
 * has started (its sessions say where its solves can be; the other boards are not woken).
 */
export async function settleOwnSolvesOf(
  services: Services,
  date: string,
  playerId: string,
  only?: string,
): Promise<void> {
  if (!boardsOf(services, date)) return;
  const puzzles = only
    ? await livePuzzleNamed(services, only)
    : (await startedPuzzlesFrom(services.db, playerId, date)).filter((p) => p.id.startsWith(`${date}:`));
  await settleOn(services, puzzles, playerId);
}

/** The puzzle `id` with its shards, as this isolate knows it (src/play/live-puzzles.ts) or D1 has it. */
async function livePuzzleNamed(services: Services, id: string): Promise<LivePuzzle[]> {
  const known = knownLivePuzzle(id);
  if (known) return [known];
  return [...(await boardShardsOf(services.db, [id]))].map(([puzzleId, boardShards]) => ({
    id: puzzleId,
    boardShards,
  }));
}

/** The same for every live puzzle the player has started: before its profile, history or a day's board. */
export async function settleOwnLiveSolves(services: Services, playerId: string | null): Promise<void> {
  if (!services.boards || playerId === null) return;
  const live = liveDates(services.now());
  const oldest = live.at(-1);
  if (oldest === undefined) return;
  const started = await startedPuzzlesFrom(services.db, playerId, oldest);
  const puzzles = started.filter((p) => live.includes(dateOfPuzzleId(p.id)));
  await settleOn(services, puzzles, playerId);
}

async function settleOn(
  services: Services,
  puzzles: readonly { id: string; boardShards: number }[],
  playerId: string,
): Promise<void> {
  await Promise.all(
    puzzles.map((p) => settleOwnSolve(services, { ...p, date: dateOfPuzzleId(p.id) }, playerId)),
  );
}
