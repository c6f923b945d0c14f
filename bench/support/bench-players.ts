/**
 * The players of the benchmarks that load ranked submissions over HTTP (http, shards, submission-cpu):
 * numbered players inserted in bulk, each holding one token, and each one's first ranked submission of a
 * sudoku, paced like a person's, as autocannon sends it.
 */
import type { RawRequest } from 'autocannon';
import type { PlayerId } from '../../src/auth/player-token.js';
import { DEV_SECRETS } from '../../src/config.js';
import { engineFor } from '../../src/kinds/index.js';
import { humanLog } from '../../test/support/logs.js';
import { type RankedSubmission, rankedSubmission, submissionHeaders } from './ranked-submission.js';

/**
 * Where a bench player's id sorts: a multiplicative hash of its number (Knuth's), as 8 hex digits. Deployed,
 * ids are random UUIDs, so a batch of new players' rows lands on as many pages of each per-player index as a
 * batch of long-standing players' does; numbered ids in order would pack the new ones onto a few pages and
 * make their writes look cheaper than they are.
 */
const ID_SPREAD = 2654435761;

/** Bench player `i` of `group` ('8000' the bench's own players, '9000' other solvers). */
export const benchPlayerId = (i: number, group = '8000') =>
  `${((i * ID_SPREAD) % 2 ** 32).toString(16).padStart(8, '0')}-0000-4000-${group}-${String(i).padStart(12, '0')}` as PlayerId;

/** `benchPlayerId` as SQL, of the number `i` (an SQL expression). */
export const benchPlayerIdSql = (i: string, group = '8000') =>
  `printf('%08x-0000-4000-${group}-%012d', ((${i}) * ${ID_SPREAD}) % 4294967296, ${i})`;

/** SQL inserting players 0 to `last` (`benchPlayerId`), each holding the one token `tokenId`. */
export function benchPlayersSql(last: number, tokenId: string): string {
  return `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${last})
     insert into players (id, display_name, created_at)
     select ${benchPlayerIdSql('i')}, 'Player ' || i, '2026-01-01T00:00:00.000Z' from n;
     insert into player_tokens (player_id, id, created_at, via)
     select id, '${tokenId}', created_at, 'register' from players`;
}

/** How the bench's players solve: their token, how old their sessions are, when their log's last move was. */
export interface BenchSolving {
  tokenId: string;
  sessionAgeMs: number;
  logEndMs: number;
}

/** Players 0 to `last`'s first ranked submissions of a sudoku, in order, each log paced on its own seed. */
export function sudokuSubmissions(
  puzzle: { id: string; puzzle: unknown },
  last: number,
  solving: BenchSolving,
): Promise<RankedSubmission[]> {
  return sudokuSubmissionsOf(
    puzzle,
    Array.from({ length: last + 1 }, (_, i) => i),
    solving,
  );
}

/** The first ranked submissions of a sudoku by the players numbered `players`, in that order. */
export async function sudokuSubmissionsOf(
  puzzle: { id: string; puzzle: unknown },
  players: readonly number[],
  solving: BenchSolving,
): Promise<RankedSubmission[]> {
  const sudoku = engineFor('sudoku');
  const parsed = sudoku.parsePuzzle(puzzle.puzzle);
  const solution = sudoku.solve(parsed, { maxSolutions: 1 }).solutions[0];
  const steps = sudoku.stepsTo(parsed, solution);
  const out: RankedSubmission[] = [];
  for (const i of players) {
    out.push(
      await rankedSubmission(
        { current: DEV_SECRETS.TOKEN_SECRET },
        {
          playerId: benchPlayerId(i),
          puzzleId: puzzle.id,
          solution,
          log: humanLog(steps, { endMs: solving.logEndMs, seed: i + 1 }),
          elapsedMs: solving.sessionAgeMs,
          tokenId: solving.tokenId,
        },
      ),
    );
  }
  return out;
}

/** autocannon's `request` carrying the `i`-th player's submission `s` (`submissionHeaders`, its body). */
export function submissionRequest(request: RawRequest, s: RankedSubmission, i: number): RawRequest {
  return { ...request, headers: submissionHeaders(s, i), body: s.body };
}
