import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PuzzleBoardSchema } from '../../src/contract/leaderboards.js';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import { allPages } from '../support/pages.js';
import { type NewPlayer, register, solveStored, startPuzzle, submit, vouch } from '../support/play.js';

const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';

describe('200 concurrent submissions from 200 players to one puzzle', () => {
  it('are all counted exactly once with consistent ranks', async () => {
    await appAt(fetchedAt)(`/v1/puzzles/${date}/sudoku/easy`);
    const solution = await solveStored(date, 'sudoku', 'easy');
    const players: (NewPlayer & { startToken: string; seconds: number })[] = [];
    for (let i = 0; i < 200; i++) {
      const p = await register(fetchedAt);
      players.push({
        ...p,
        startToken: await startPuzzle(fetchedAt, p.token, date, 'sudoku', 'easy'),
        seconds: 100 + (i % 50),
      });
    }
    // The board's ranks are what is checked here, not the top's evidence rule (test/play/board-top.test.ts).
    await vouch(...players);
    const results = await Promise.all(
      players.map((p) =>
        submit('2026-11-29T12:10:00Z', p.token, `${date}/sudoku/easy`, {
          solution,
          elapsedMs: p.seconds * 1000,
          startToken: p.startToken,
        }).then(async (r) => ({ status: r.status, body: await bodyOf(r, SubmissionResultSchema) })),
      ),
    );
    expect(results.every((r) => r.status === 200 && r.body.valid && !r.body.repeated)).toBe(true);

    const ranked = await env.DB.prepare(
      'select count(*) as n, count(distinct player_id) as players from submissions where puzzle_id = ? and ranked = 1',
    )
      .bind(`${date}:sudoku:easy`)
      .first<{ n: number; players: number }>();
    expect(ranked).toEqual({ n: 200, players: 200 });
    const games = await env.DB.prepare(
      "select sum(games) as n from player_ratings where kind = 'sudoku'",
    ).first<{ n: number }>();
    expect(games?.n).toBe(200);

    const entries = await allPages(async (cursor) =>
      bodyOf(
        await appAt('2026-11-29T13:00:00Z')(
          `/v1/leaderboards/${date}/sudoku/easy?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        ),
        PuzzleBoardSchema,
      ),
    );
    const finalRank = new Map(entries.map((e) => [e.playerId, e.rank]));
    expect([...finalRank.values()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    for (const [i, p] of players.entries()) {
      // A rank reported at submission time counts only those ahead that had landed: never worse than the final one.
      expect(results[i]?.body.rank).toBeLessThanOrEqual(finalRank.get(p.player.id) ?? 0);
    }
  });
});
