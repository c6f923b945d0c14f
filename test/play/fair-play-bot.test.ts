import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PuzzleBoardSchema } from '../../src/contract/leaderboards.js';
import { PlayerProfileSchema } from '../../src/contract/player.js';
import { type SubmissionResult, SubmissionResultSchema } from '../../src/contract/submission.js';
import type { IsoDate } from '../../src/daily/calendar.js';
import { puzzlesOfDate } from '../../src/daily/schedule.js';
import type { LogEntry } from '../../src/engines/types.js';
import { engineFor } from '../../src/kinds/index.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import { evenLog } from '../support/logs.js';
import { bearer, later, register, solveAs, startPuzzle, submit } from '../support/play.js';

const date = '2026-11-29' as IsoDate;
const morning = '2026-11-29T07:00:00Z';

async function stored(id: string) {
  return env.DB.prepare(
    'select puzzle_json, benchmark_seconds, rating, rating_deviation from puzzles where id = ?',
  )
    .bind(id)
    .first<{ puzzle_json: string; benchmark_seconds: number; rating: number; rating_deviation: number }>();
}

/** What a script would do with the project's own engine: solve the puzzle from its public JSON. */
function solveOffline(kind: Parameters<typeof engineFor>[0], puzzleJson: string) {
  const engine = engineFor(kind);
  const puzzle = engine.parsePuzzle(JSON.parse(puzzleJson));
  const solution = engine.solve(puzzle, { maxSolutions: 1 }).solutions[0];
  return { solution, steps: engine.stepsTo(puzzle, solution) };
}

describe('the solver bot', () => {
  it("reads all of today's puzzles anonymously, solves them offline, submits at the old floor: no public rank anywhere", async () => {
    const bot = await register(morning, 'Bot');
    const keys = puzzlesOfDate(date);
    // 1. Read every puzzle without a token: no clock starts.
    for (const { kind, level } of keys) await appAt(morning)(`/v1/puzzles/${date}/${kind}/${level}`);
    const sessions = await env.DB.prepare('select count(*) as n from play_sessions where player_id = ?')
      .bind(bot.player.id)
      .first<{ n: number }>();
    expect(sessions?.n).toBe(0);
    const results: SubmissionResult[] = [];
    for (const { kind, level } of keys) {
      const id = `${date}:${kind}:${level}`;
      const row = await stored(id);
      if (!row) throw new Error(`${id} not stored`);
      // 2. Solve offline (colour sort: the bot plays its pours from the full puzzle, as if it had learnt the
      // hidden colours elsewhere); 3. fetch with the token, then wait out 5 % of the benchmark.
      const { solution, steps } = solveOffline(kind, row.puzzle_json);
      const fetchedAt = later(morning, 3600);
      await startPuzzle(fetchedAt, bot.token, date, kind, level);
      const waitMs = Math.ceil(0.05 * row.benchmark_seconds * 1000);
      const log = evenLog(steps, waitMs - 400, Math.max(1, Math.floor(300 / Math.max(1, steps.length))));
      const res = await submit(later(fetchedAt, waitMs / 1000), bot.token, `${date}/${kind}/${level}`, {
        solution,
        log,
      });
      expect(res.status, id).toBe(200);
      results.push(await bodyOf(res, SubmissionResultSchema));
    }
    expect(results.every((r) => r.valid && r.verdict === 'flagged')).toBe(true);
    expect(results.every((r) => r.rank === undefined && r.rating === undefined)).toBe(true);
    // Nothing public moved: boards, stats, the bot's ratings, the puzzles' ratings.
    for (const { kind, level } of keys) {
      const board = await bodyOf(
        await appAt(later(morning, 7200))(`/v1/leaderboards/${date}/${kind}/${level}`),
        PuzzleBoardSchema,
      );
      expect(board.entries.map((e) => e.playerId)).not.toContain(bot.player.id);
      const mine = await bodyOf(
        await appAt(later(morning, 7200))(`/v1/leaderboards/${date}/${kind}/${level}`, {
          headers: bearer(bot.token),
        }),
        PuzzleBoardSchema,
      );
      expect(mine).toMatchObject({ me: null, meUnderReview: true });
      const row = await stored(`${date}:${kind}:${level}`);
      expect(row).toMatchObject({ rating: 1500, rating_deviation: 500 });
    }
    const me = await bodyOf(
      await appAt(later(morning, 7200))('/v1/players/me', { headers: bearer(bot.token) }),
      PlayerProfileSchema,
    );
    expect(me).toMatchObject({ ratings: [], streak: { current: 0 } });
  });
});

describe('a flagged solve', () => {
  const path = `${date}/signal/medium`;
  it('states nothing of the floor it was held to, and repeats unchanged', async () => {
    const bot = await register(morning);
    const fetchedAt = '2026-11-29T08:00:00Z';
    await startPuzzle(fetchedAt, bot.token, date, 'signal', 'medium');
    const row = await stored(`${date}:signal:medium`);
    const { solution, steps } = solveOffline('signal', row?.puzzle_json ?? '');
    const log = evenLog(steps, 500, 50);
    const res = await submit(later(fetchedAt, 4), bot.token, path, { solution, log, elapsedMs: 3_000 });
    const text = await res.text();
    const evidence = await env.DB.prepare(
      "select evidence from submissions where player_id = ? and status = 'flagged'",
    )
      .bind(bot.player.id)
      .first<{ evidence: string }>();
    const floorMs = (JSON.parse(evidence?.evidence ?? '{}') as { floorMs: number }).floorMs;
    expect(floorMs).toBeGreaterThan(4_000);
    expect(text).not.toContain(String(floorMs));
    expect(text).not.toMatch(/floor/i);
    const again = await submit(later(fetchedAt, 60), bot.token, path, { solution, log });
    expect({ ...(await bodyOf(again, SubmissionResultSchema)), repeated: false }).toEqual(JSON.parse(text));
  });
});

describe('the same bot strategies, each ending flagged', () => {
  const strategies: {
    name: string;
    level: 'easy' | 'medium' | 'hard' | 'expert';
    reasons: string[];
    log: (steps: readonly (readonly [number, number])[], totalMs: number) => LogEntry[];
    totalMs: (floor: number) => number;
  }[] = [
    {
      name: 'pasting every move at once the moment the puzzle arrives',
      level: 'easy',
      reasons: ['under_floor', 'fast_entries', 'burst'],
      log: (steps) => evenLog(steps, 300, 0),
      totalMs: () => 2_000,
    },
    {
      name: 'spacing its moves evenly up to the human floor and a bit',
      level: 'medium',
      reasons: ['regular_intervals'],
      log: (steps, total) => evenLog(steps, 1_000, Math.floor((total - 2_000) / steps.length)),
      totalMs: (floor) => floor * 1.3,
    },
    {
      name: 'waiting twenty minutes, then pasting its moves in two seconds',
      level: 'hard',
      reasons: ['fast_entries', 'burst', 'regular_intervals'],
      log: (steps, total) => evenLog(steps, total - 3_000, Math.floor(2_000 / steps.length)),
      totalMs: () => 20 * 60_000,
    },
  ];
  for (const strategy of strategies) {
    it(`flags a bot ${strategy.name}: ${strategy.reasons.join(', ')}`, async () => {
      const bot = await register(morning);
      const fetchedAt = '2026-11-29T09:00:00Z';
      await startPuzzle(fetchedAt, bot.token, date, 'sudoku', strategy.level);
      const row = await stored(`${date}:sudoku:${strategy.level}`);
      const { solution, steps } = solveOffline('sudoku', row?.puzzle_json ?? '');
      const floorMs = steps.length * 1000 * (strategy.level === 'medium' ? 0.7 : 0.5);
      const total = Math.round(strategy.totalMs(floorMs));
      await submit(later(fetchedAt, total / 1000), bot.token, `${date}/sudoku/${strategy.level}`, {
        solution,
        log: strategy.log(steps, total),
      });
      const flagged = await env.DB.prepare(
        'select status, flags from submissions where player_id = ? and ranked = 1',
      )
        .bind(bot.player.id)
        .first<{ status: string; flags: string }>();
      expect(flagged?.status).toBe('flagged');
      expect(JSON.parse(flagged?.flags ?? '[]')).toEqual(strategy.reasons);
    });
  }

  it('ranks a person at once: the moves paced like a person, at a plausible time', async () => {
    const { player, token } = await register(morning);
    const { body } = await solveAs(token, {
      date,
      kind: 'sudoku',
      level: 'expert',
      fetchAt: '2026-11-29T09:00:00Z',
      submitAt: '2026-11-29T09:24:00Z',
    });
    expect(body).toMatchObject({ valid: true, verdict: 'clean', rank: 1 });
    const own = await bodyOf(
      await appAt('2026-11-29T10:00:00Z')(`/v1/leaderboards/${date}/sudoku/expert`, {
        headers: bearer(token),
      }),
      PuzzleBoardSchema,
    );
    // Ranked at once; everyone's top 10 shows the row once the account has a long history (board-top.test.ts).
    expect(own).toMatchObject({ me: { rank: 1 }, heldForReview: 1, meUnderReview: false });
    expect(player.id).toBeDefined();
  });
});
