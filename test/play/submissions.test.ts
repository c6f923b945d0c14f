import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { type PlayerId, playerToken } from '../../src/auth/player-token.js';
import { DEV_SECRETS } from '../../src/config.js';
import { PuzzleBoardSchema, PuzzleStatsSchema } from '../../src/contract/leaderboards.js';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import { engineFor, KINDS } from '../../src/kinds/index.js';
import { appAt } from '../support/app.js';
import { bodyOf, errorOf } from '../support/json.js';
import {
  bearer,
  type ResultJson,
  register,
  solveAs,
  solveStored,
  startPuzzle,
  submit,
  vouch,
  wrongSudoku,
} from '../support/play.js';

const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';
/** Five minutes after the fetch. */
const submittedAt = '2026-11-29T12:05:00Z';

async function count(sql: string, ...params: unknown[]): Promise<number> {
  return (
    (
      await env.DB.prepare(sql)
        .bind(...params)
        .first<{ n: number }>()
    )?.n ?? 0
  );
}

describe('the whole flow, for every kind', () => {
  for (const kind of KINDS) {
    it(`${kind}: register, fetch, solve with a log, submit, then see rating, leaderboard and stats`, async () => {
      const level = engineFor(kind).levels[0];
      if (!level) throw new Error(`${kind} has no levels`);
      const { player, token } = await register(fetchedAt, `Solver ${kind}`);
      const { status, body } = await solveAs(token, {
        date,
        kind,
        level,
        fetchAt: fetchedAt,
        submitAt: submittedAt,
        elapsedMs: 299_000,
      });
      expect(status).toBe(200);
      const result = body as ResultJson;
      expect(result).toMatchObject({
        valid: true,
        repeated: false,
        verdict: 'clean',
        countedMs: 299_000,
        capped: false,
        rank: 1,
        solvers: 1,
        fasterThanPercent: 100,
      });
      expect(result.score).toBeGreaterThan(0);
      expect(result.score).toBeLessThan(1);
      expect(result.rating).toMatchObject({ before: 1500, provisional: true });
      expect(result.rating?.after).not.toBe(1500);
      expect(result.streak).toEqual({ current: 1, best: 1, freezes: 0, change: 'started' });

      // A new account's row waits for a long history before everyone's top 10 shows it; its own view has it.
      const board = await appAt(submittedAt)(`/v1/leaderboards/${date}/${kind}/${level}`);
      expect(await board.json()).toMatchObject({ entries: [], heldForReview: 1, solvers: 1 });
      const own = await appAt(submittedAt)(`/v1/leaderboards/${date}/${kind}/${level}`, {
        headers: bearer(token),
      });
      expect(await own.json()).toMatchObject({ me: { rank: 1, countedMs: 299_000 }, solvers: 1 });
      await vouch({ player, token });
      const vouched = await appAt(submittedAt)(`/v1/leaderboards/${date}/${kind}/${level}`);
      expect(await vouched.json()).toMatchObject({
        entries: [{ rank: 1, playerId: player.id, displayName: `Solver ${kind}`, countedMs: 299_000 }],
        heldForReview: 0,
      });
      const stats = await bodyOf(
        await appAt(submittedAt)(`/v1/puzzles/${date}/${kind}/${level}/stats`),
        PuzzleStatsSchema,
      );
      expect(stats.solvers).toBe(1);
      expect(stats.medianMs).toBe(299_000);
      expect(stats.histogram.reduce((n, b) => n + b.count, 0)).toBe(1);
    });
  }
});

describe('one ranked result per player and puzzle', () => {
  it('returns the first result unchanged when the same solve is submitted again', async () => {
    const { token } = await register(fetchedAt);
    const first = await solveAs(token, {
      date,
      kind: 'sudoku',
      level: 'medium',
      fetchAt: fetchedAt,
      submitAt: submittedAt,
    });
    const solution = await solveStored(date, 'sudoku', 'medium');
    const again = await bodyOf(
      await submit('2026-11-29T12:09:00Z', token, `${date}/sudoku/medium`, { solution, elapsedMs: 100_000 }),
      SubmissionResultSchema,
    );
    expect(again.repeated).toBe(true);
    // The repeat changes no streak: the same result, with the streak as it stands.
    expect(again.streak.change).toBeNull();
    expect({ ...again, repeated: false, streak: { ...again.streak, change: 'started' } }).toEqual(first.body);
  });

  it('records a wrong solution as an unranked attempt and lets the player retry', async () => {
    const { player, token } = await register(fetchedAt);
    await startPuzzle(fetchedAt, token, date, 'sudoku', 'hard');
    const rejected = await bodyOf(
      await submit(submittedAt, token, `${date}/sudoku/hard`, { solution: await wrongSudoku(date, 'hard') }),
      SubmissionResultSchema,
    );
    expect(rejected.valid).toBe(false);
    expect(rejected.reason).toBeTruthy();
    const board = await bodyOf(
      await appAt(submittedAt)(`/v1/leaderboards/${date}/sudoku/hard`),
      PuzzleBoardSchema,
    );
    expect(board.entries.map((e) => e.playerId)).not.toContain(player.id);

    const solution = await solveStored(date, 'sudoku', 'hard');
    const retried = await bodyOf(
      await submit('2026-11-29T12:06:00Z', token, `${date}/sudoku/hard`, { solution }),
      SubmissionResultSchema,
    );
    expect(retried).toMatchObject({ valid: true, repeated: false, countedMs: 360_000 });
  });

  it('counts concurrent duplicates exactly once', async () => {
    const { player, token } = await register(fetchedAt);
    await startPuzzle(fetchedAt, token, date, 'sudoku', 'expert');
    const solution = await solveStored(date, 'sudoku', 'expert');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        submit('2026-11-29T12:20:00Z', token, `${date}/sudoku/expert`, { solution }).then((r) =>
          bodyOf(r, SubmissionResultSchema),
        ),
      ),
    );
    expect(results.every((r) => r.valid)).toBe(true);
    expect(results.filter((r) => !r.repeated).length).toBeLessThanOrEqual(1);
    expect(
      await count('select count(*) as n from submissions where player_id = ? and ranked = 1', player.id),
    ).toBe(1);
    expect(await count('select games as n from player_ratings where player_id = ?', player.id)).toBe(1);
  });
});

describe("the counted time is the server's", () => {
  const solveWith = async (level: 'easy' | 'medium' | 'hard', elapsedMs?: number) => {
    const { token } = await register(fetchedAt);
    return (
      await solveAs(token, {
        date,
        kind: 'signal',
        level,
        fetchAt: fetchedAt,
        submitAt: submittedAt,
        ...(elapsedMs === undefined ? {} : { elapsedMs }),
      })
    ).body as ResultJson;
  };

  it('runs from the first fetch to the arrival when the client claims nothing', async () => {
    expect(await solveWith('easy')).toMatchObject({ countedMs: 300_000, capped: false });
  });

  it('ignores a claim longer than what the server saw, and says so', async () => {
    expect(await solveWith('medium', 3_600_000)).toMatchObject({ countedMs: 300_000, capped: true });
  });

  it('is lowered by a shorter claim by at most the two-second network allowance', async () => {
    expect(await solveWith('hard', 1_000)).toMatchObject({ countedMs: 298_000, capped: false });
  });
});

describe('start tokens, when a client sends one back', () => {
  async function attempt(startToken: string, player?: { token: string }) {
    const { token } = player ?? (await register(fetchedAt));
    await startPuzzle(fetchedAt, token, date, 'loop', 'easy');
    const solution = await solveStored(date, 'loop', 'easy');
    return submit(submittedAt, token, `${date}/loop/easy`, { solution, startToken });
  }

  it("refuses another player's start token", async () => {
    const other = await register(fetchedAt);
    const res = await attempt(await startPuzzle(fetchedAt, other.token, date, 'loop', 'easy'));
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error.message).toContain('another player');
  });

  it("refuses another puzzle's start token", async () => {
    const player = await register(fetchedAt);
    const res = await attempt(await startPuzzle(fetchedAt, player.token, date, 'loop', 'medium'), player);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error.message).toContain('another puzzle');
  });

  it('refuses a forged or tampered start token', async () => {
    const { token } = await register(fetchedAt);
    const real = await startPuzzle(fetchedAt, token, date, 'loop', 'easy');
    const [body, signature] = real.split('.') as [string, string];
    for (const startToken of [`${body}x.${signature}`, 'not-a-token', `${body}.`]) {
      expect((await attempt(startToken)).status).toBe(403);
    }
  });

  it('is handed out only to players: an anonymous fetch gets neither a token nor a session', async () => {
    const body = await (await appAt(fetchedAt)(`/v1/puzzles/${date}/sudoku/easy`)).json();
    expect(body).not.toHaveProperty('startToken');
    expect(body).not.toHaveProperty('session');
  });
});

describe('a submission without a player', () => {
  it('is refused with 401 without a token', async () => {
    const res = await appAt(submittedAt)(`/v1/puzzles/${date}/sudoku/easy/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ solution: {}, log: [] }),
    });
    expect(res.status).toBe(401);
  });

  it('is refused with 401 when the token is forged', async () => {
    const res = await submit(submittedAt, 'nope.nope', `${date}/sudoku/easy`, {
      solution: { grid: '1'.repeat(81) },
      log: [],
    });
    expect(res.status).toBe(401);
  });

  it('is refused with 401 when the token is ours but names no player here, and nothing is recorded', async () => {
    const ghost = '00000000-0000-4000-8000-00000000dead' as PlayerId;
    const token = await playerToken({ current: DEV_SECRETS.TOKEN_SECRET }, ghost);
    const res = await submit(submittedAt, token, `${date}/sudoku/easy`, {
      solution: await solveStored(date, 'sudoku', 'easy'),
      log: [],
    });
    expect(res.status).toBe(401);
    expect(await count('select count(*) as n from submissions where player_id = ?', ghost)).toBe(0);
  });
});

describe('ranking closes when the answers are public', () => {
  it('records a solve after the date has ended everywhere as practice: no rank, rating, board or streak', async () => {
    const { player, token } = await register(fetchedAt);
    await startPuzzle('2026-11-30T11:55:00Z', token, date, 'pattern', 'easy');
    const solution = await solveStored(date, 'pattern', 'easy');
    const res = await submit('2026-11-30T12:00:00Z', token, `${date}/pattern/easy`, { solution });
    expect(res.status).toBe(200);
    const result = await bodyOf(res, SubmissionResultSchema);
    expect(result).toMatchObject({ valid: true, practice: true, countedMs: 300_000, streak: { current: 0 } });
    expect(result.rank).toBeUndefined();
    expect(result.rating).toBeUndefined();
    const rows = await env.DB.prepare('select ranked, counted, practice from submissions where player_id = ?')
      .bind(player.id)
      .all<{ ranked: number; counted: number; practice: number }>();
    expect(rows.results).toEqual([{ ranked: 0, counted: 0, practice: 1 }]);
    const board = await bodyOf(
      await appAt('2026-11-30T12:01:00Z')(`/v1/leaderboards/${date}/pattern/easy`),
      PuzzleBoardSchema,
    );
    expect(board.entries.map((e) => e.playerId)).not.toContain(player.id);
  });
});

describe('solutions copied from another date', () => {
  it('are rejected as wrong for this puzzle (the log of the copy cannot even be played on it)', async () => {
    const { token } = await register(fetchedAt);
    await startPuzzle(fetchedAt, token, date, 'pattern', 'medium');
    await startPuzzle(fetchedAt, token, '2026-11-28', 'pattern', 'medium');
    const copied = await solveStored('2026-11-28', 'pattern', 'medium');
    const result = await bodyOf(
      await submit(submittedAt, token, `${date}/pattern/medium`, { solution: copied }),
      SubmissionResultSchema,
    );
    expect(result.valid).toBe(false);
  });
});

describe('bearer header on a puzzle fetch', () => {
  it('is a 401 when present but forged', async () => {
    const res = await appAt(fetchedAt)(`/v1/puzzles/${date}/sudoku/easy`, { headers: bearer('nope.nope') });
    expect(res.status).toBe(401);
  });
});

describe('solutions of the wrong shape', () => {
  it('are refused with 400 before judging, and nothing is recorded', async () => {
    const { player, token } = await register(fetchedAt);
    await startPuzzle(fetchedAt, token, date, 'sudoku', 'easy');
    for (const solution of [{ moves: [[0, 1]] }, { grid: '123' }, { cells: '0101' }, 'grid', null]) {
      const res = await submit(submittedAt, token, `${date}/sudoku/easy`, { solution, log: [] });
      expect(res.status).toBe(400);
    }
    expect(await count('select count(*) as n from submissions where player_id = ?', player.id)).toBe(0);
  });
});
