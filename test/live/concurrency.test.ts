import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { PlayerId } from '../../src/auth/player-token.js';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import type { IsoDate } from '../../src/daily/calendar.js';
import { submitSolution } from '../../src/play/submit.js';
import { createServices } from '../../src/services.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import { d1Number, deskOf } from '../support/live.js';
import {
  humanLogFor,
  type NewPlayer,
  register,
  solveStored,
  startPuzzle,
  submitUnsettled,
} from '../support/play.js';

const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';

describe('200 concurrent submissions from 200 players to one board', () => {
  it('are each acknowledged with an exact rank and reach D1 once, with one rating game each', async () => {
    const puzzleId = `${date}:sudoku:easy`;
    await appAt(fetchedAt)(`/v1/puzzles/${date}/sudoku/easy`);
    const solution = await solveStored(date, 'sudoku', 'easy');
    const players: (NewPlayer & { startToken: string; submitAt: string })[] = [];
    for (let i = 0; i < 200; i++) {
      const p = await register(fetchedAt);
      players.push({
        ...p,
        startToken: await startPuzzle(fetchedAt, p.token, date, 'sudoku', 'easy'),
        submitAt: new Date(Date.parse('2026-11-29T12:05:00Z') + (i % 50) * 1000).toISOString(),
      });
    }
    const results = await Promise.all(
      players.map((p) =>
        submitUnsettled(p.submitAt, p.token, `${date}/sudoku/easy`, {
          solution,
          startToken: p.startToken,
        }).then(async (r) => ({ status: r.status, body: await bodyOf(r, SubmissionResultSchema) })),
      ),
    );
    expect(results.every((r) => r.status === 200 && r.body.valid && !r.body.repeated)).toBe(true);
    // Every answer counted the solves acknowledged before it: the solver counts are 1..200, each once.
    expect(results.map((r) => r.body.solvers).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    await deskOf(puzzleId).flush();
    expect(
      await d1Number(
        'select count(distinct player_id) as n from submissions where puzzle_id = ? and ranked = 1',
        puzzleId,
      ),
    ).toBe(200);
    expect(await d1Number('select count(*) as n from submissions where puzzle_id = ?', puzzleId)).toBe(200);
    expect(await d1Number("select sum(games) as n from player_ratings where kind = 'sudoku'")).toBe(200);
    expect(await d1Number('select games as n from puzzles where id = ?', puzzleId)).toBe(200);

    // The final board in D1 is the board's own order: each player's rank now, asked again, is D1's.
    const d1Rank = new Map<string, number>();
    const rows = await env.DB.prepare(
      'select player_id from submissions where puzzle_id = ? and counted = 1 order by counted_ms, id',
    )
      .bind(puzzleId)
      .all<{ player_id: string }>();
    for (const [i, r] of rows.results.entries()) d1Rank.set(r.player_id, i + 1);
    for (const p of players) {
      const standing = await deskOf(puzzleId).standing(puzzleId, p.player.id);
      expect(standing?.rank).toBe(d1Rank.get(p.player.id));
    }
  });
});

describe('200 identical submissions by one player to one board', () => {
  // Through the submission flow itself: over HTTP the player's rate limit (30 a minute) refuses most of them.
  it('store one solve, answer exactly one of them as new, and play one rating game', async () => {
    const puzzleId = `${date}:sudoku:medium`;
    const at = '2026-11-29T12:20:00Z';
    const { player, token } = await register(fetchedAt);
    await startPuzzle(fetchedAt, token, date, 'sudoku', 'medium');
    const solution = await solveStored(date, 'sudoku', 'medium');
    const log = await humanLogFor(player.id, `${date}/sudoku/medium`, solution, at);
    const services = await createServices(env, () => new Date(at));
    const held = { playerId: player.id as PlayerId, tokenId: token.split('.')[1] ?? '' };
    const key = { date: date as IsoDate, kind: 'sudoku', level: 'medium' } as const;
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () => submitSolution(services, held, key, { solution, log })),
    );
    const results = outcomes.map((o) => (o.ok ? o.result : undefined));
    expect(results.every((r) => r?.valid && r.countedMs === results[0]?.countedMs)).toBe(true);
    expect(results.filter((r) => r?.repeated === false)).toHaveLength(1);
    await deskOf(puzzleId).flush();
    expect(
      await d1Number('select count(*) as n from submissions where player_id = ? and ranked = 1', player.id),
    ).toBe(1);
    expect(await d1Number('select games as n from player_ratings where player_id = ?', player.id)).toBe(1);
    expect(await d1Number('select games as n from puzzles where id = ?', puzzleId)).toBe(1);
  });
});
