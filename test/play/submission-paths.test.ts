import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/contract/kinds/index.js';
import { PuzzleBoardSchema } from '../../src/contract/leaderboards.js';
import { PlayerProfileSchema } from '../../src/contract/player.js';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import { appAt } from '../support/app.js';
import { seedEstablishedPlayers } from '../support/established.js';
import { bodyOf } from '../support/json.js';
import { onDirect } from '../support/live.js';
import { bearer, later, register, solveStored, startPuzzle, submit, vouchEveryone } from '../support/play.js';

/**
 * Both values of SUBMISSION_PATH must be the same game: the live boards (as committed) and the direct path
 * (each solve written to D1 before it is answered, for a deployment without Durable Objects) are given the
 * same submissions, each on dates of its own (every puzzle starts at the same rating and benchmark), by
 * players of their own with the same histories, and must answer and store the same ranks, ratings and
 * streaks. Both sides add the same players to the same boards run after run, so the boards stay alike.
 */

const LEVELS = ['easy', 'medium', 'hard'] as const satisfies readonly Level[];
const DAYS = 4;
/** Each path's first date: far enough apart that their dates never meet. */
const FIRST_DATES = { boards: '2026-11-02', direct: '2026-11-16' } as const;
const BINDINGS = { boards: env, direct: onDirect } as const;
type Path = keyof typeof FIRST_DATES;

interface Play {
  player: number;
  day: number;
  level: (typeof LEVELS)[number];
  /** From the player's fetch to its submission: under the 20 minutes between two plays of a day. */
  seconds: number;
}

const plays = fc
  .array(
    fc.record({
      player: fc.integer({ min: 0, max: 2 }),
      day: fc.integer({ min: 0, max: DAYS - 1 }),
      level: fc.constantFrom(...LEVELS),
      seconds: fc.integer({ min: 200, max: 1_190 }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  // Days in order, as a clock goes; within a day, in the order drawn.
  .map((drawn) => [...drawn].sort((a, b) => a.day - b.day));

function dateOf(path: Path, day: number): string {
  return later(`${FIRST_DATES[path]}T00:00:00Z`, day * 86_400).slice(0, 10);
}

const solutions = new Map<string, unknown>();
async function solutionOf(date: string, level: Level): Promise<unknown> {
  const key = `${date}:${level}`;
  if (!solutions.has(key)) solutions.set(key, await solveStored(date, 'sudoku', level));
  return solutions.get(key);
}

/** What one path made of the plays, in terms that do not name its dates or its players' ids. */
async function outcomeOf(path: Path, run: readonly Play[]) {
  const bindings = BINDINGS[path];
  // Two established players, whose games move the puzzles' ratings, and a newcomer, whose games do not.
  const established = await seedEstablishedPlayers(2, 'sudoku', dateOf(path, 0));
  const players = [...established, await register(`${dateOf(path, 0)}T06:00:00Z`)];
  const answers = [];
  for (const [i, play] of run.entries()) {
    const date = dateOf(path, play.day);
    const fetchAt = later(`${date}T08:00:00Z`, i * 20 * 60);
    const token = players[play.player]?.token ?? '';
    await startPuzzle(fetchAt, token, date, 'sudoku', play.level);
    const solution = await solutionOf(date, play.level);
    const res = await submit(
      later(fetchAt, play.seconds),
      token,
      `${date}/sudoku/${play.level}`,
      { solution },
      bindings,
    );
    answers.push({ status: res.status, body: await bodyOf(res, SubmissionResultSchema) });
  }
  const end = `${dateOf(path, DAYS - 1)}T23:00:00Z`;
  const profiles = [];
  for (const p of players) {
    const res = await appAt(end, bindings)('/v1/players/me', { headers: bearer(p.token) });
    const { ratings, streak } = await bodyOf(res, PlayerProfileSchema);
    profiles.push({ ratings, streak: { current: streak.current, best: streak.best } });
  }
  // Vouched for, so that the boards below list every counted solve (not only a long history's).
  await vouchEveryone();
  const index = new Map(players.map((p, i) => [p.player.id, i]));
  const puzzles = [];
  for (let day = 0; day < DAYS; day++) {
    for (const level of LEVELS) {
      const date = dateOf(path, day);
      const rating = await env.DB.prepare(
        'select rating, rating_deviation, established_games, games from puzzles where id = ?',
      )
        .bind(`${date}:sudoku:${level}`)
        .first();
      const res = await appAt(end, bindings)(`/v1/leaderboards/${date}/sudoku/${level}?fresh=1`);
      const board = res.status === 200 ? await bodyOf(res, PuzzleBoardSchema) : null;
      const entries = (board?.entries ?? [])
        .filter((e) => index.has(e.playerId ?? ''))
        .map((e) => ({ player: index.get(e.playerId ?? ''), rank: e.rank, countedMs: e.countedMs }));
      puzzles.push({ day, level, rating, entries });
    }
  }
  return { answers, profiles, puzzles };
}

describe('the two submission paths', () => {
  it('give the same answers, ranks, puzzle and player ratings and streaks for the same submissions', async () => {
    await fc.assert(
      fc.asyncProperty(plays, async (run) => {
        const boards = await outcomeOf('boards', run);
        const direct = await outcomeOf('direct', run);
        expect(boards).toEqual(direct);
      }),
      { numRuns: 12, seed: 45 },
    );
  });
});
