import { env } from 'cloudflare:test';
import { liveDesks, puzzleDesks } from '../../src/live/desks.js';

/** More puzzles than any test file plays: a settle that finds more has met something it does not expect. */
const MAX_PUZZLES = 500;

/**
 * Has every shard of the boards of `puzzleIds` (without ids: of every puzzle a player has started) copy the
 * solves it holds to D1 now, and resolves once D1 has them, ratings caught up: what production's board does
 * within a second of a solve (its alarm), for a test that reads D1, another player's view or a board page
 * next. On the direct path the boards hold nothing, and this copies nothing.
 */
export async function settled(...puzzleIds: string[]): Promise<void> {
  const binding = env.PUZZLE_DESK;
  if (!binding) throw new Error('wrangler.toml binds no PUZZLE_DESK: there are no boards to settle');
  const ids = puzzleIds.length > 0 ? puzzleIds : await startedPuzzles();
  if (ids.length === 0) return;
  const rows = await env.DB.prepare(
    'select id, board_shards as boardShards from puzzles where id in (select value from json_each(?))',
  )
    .bind(JSON.stringify(ids))
    .all<{ id: string; boardShards: number }>();
  const missing = ids.filter((id) => !rows.results.some((r) => r.id === id));
  if (missing.length > 0) throw new Error(`settled: no stored puzzle ${missing.join(', ')}`);
  const boards = liveDesks(puzzleDesks(binding));
  await Promise.all(rows.results.map((puzzle) => boards.flush(puzzle)));
}

async function startedPuzzles(): Promise<string[]> {
  const { results } = await env.DB.prepare('select distinct puzzle_id as id from play_sessions limit ?')
    .bind(MAX_PUZZLES + 1)
    .all<{ id: string }>();
  if (results.length > MAX_PUZZLES) {
    throw new Error(`settled: more than ${MAX_PUZZLES} started puzzles; name the ones to settle`);
  }
  return results.map((r) => r.id);
}
