import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { type PlayerId, playerToken } from '../../src/auth/player-token.js';
import { startToken } from '../../src/auth/start-token.js';
import { DEV_SECRETS } from '../../src/config.js';
import { engineFor, KINDS } from '../../src/kinds/index.js';
import { appAt, type ErrorJson } from '../support/app.js';
import { bearer, type ResultJson, register, solveStored, startPuzzle, submit } from '../support/play.js';

const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';
/** Five minutes after the fetch. */
const submittedAt = '2026-11-29T12:05:00Z';

describe('the whole flow, for every kind', () => {
  for (const kind of KINDS) {
    it(`${kind}: register, fetch, solve, submit, then see rating, leaderboard and stats`, async () => {
      const level = engineFor(kind).levels[0];
      if (!level) throw new Error(`${kind} has no levels`);
      const { player, token } = await register(fetchedAt, `Solver ${kind}`);
      const startToken = await startPuzzle(fetchedAt, token, date, kind, level);
      const solution = await solveStored(date, kind, level);
      const res = await submit(submittedAt, token, `${date}/${kind}/${level}`, {
        solution,
        elapsedMs: 240_000,
        startToken,
      });
      expect(res.status).toBe(200);
      const result = (await res.json()) as ResultJson;
      expect(result).toMatchObject({
        valid: true,
        repeated: false,
        countedMs: 240_000,
        capped: false,
        rank: 1,
        solvers: 1,
      });
      expect(result.score).toBeGreaterThan(0);
      expect(result.score).toBeLessThan(1);
      expect(result.rating?.before).toBe(1500);
      expect(result.rating?.after).not.toBe(1500);
      expect(result.streak).toEqual({ current: 1, best: 1 });

      const board = await appAt(submittedAt)(`/v1/leaderboards/${date}/${kind}/${level}`);
      expect(await board.json()).toMatchObject({
        entries: [{ rank: 1, playerId: player.id, displayName: `Solver ${kind}`, countedMs: 240_000 }],
        solvers: 1,
      });
      const stats = (await (
        await appAt(submittedAt)(`/v1/puzzles/${date}/${kind}/${level}/stats`)
      ).json()) as {
        solvers: number;
        medianMs: number;
        histogram: { count: number }[];
      };
      expect(stats.solvers).toBe(1);
      expect(stats.medianMs).toBe(240_000);
      expect(stats.histogram.reduce((n, b) => n + b.count, 0)).toBe(1);
    });
  }
});

describe('one ranked result per player and puzzle', () => {
  it('returns the first result unchanged when the same solve is submitted again', async () => {
    const { token } = await register(fetchedAt);
    const startToken = await startPuzzle(fetchedAt, token, date, 'sudoku', 'medium');
    const solution = await solveStored(date, 'sudoku', 'medium');
    const body = { solution, elapsedMs: 200_000, startToken };
    const first = (await (
      await submit(submittedAt, token, `${date}/sudoku/medium`, body)
    ).json()) as ResultJson;
    const again = (await (
      await submit('2026-11-29T12:09:00Z', token, `${date}/sudoku/medium`, { ...body, elapsedMs: 100_000 })
    ).json()) as ResultJson;
    expect(again.repeated).toBe(true);
    expect({ ...again, repeated: false }).toEqual(first);
  });

  it('records a wrong solution as an unranked attempt and lets the player retry', async () => {
    const { player, token } = await register(fetchedAt);
    const startToken = await startPuzzle(fetchedAt, token, date, 'sudoku', 'hard');
    const solution = (await solveStored(date, 'sudoku', 'hard')) as { grid: string };
    const wrong = { grid: `${solution.grid[1]}${solution.grid[0]}${solution.grid.slice(2)}` };
    const rejected = (await (
      await submit(submittedAt, token, `${date}/sudoku/hard`, {
        solution: wrong,
        elapsedMs: 200_000,
        startToken,
      })
    ).json()) as ResultJson;
    expect(rejected.valid).toBe(false);
    expect(rejected.reason).toBeTruthy();
    const board = (await (await appAt(submittedAt)(`/v1/leaderboards/${date}/sudoku/hard`)).json()) as {
      entries: { playerId: string }[];
    };
    expect(board.entries.map((e) => e.playerId)).not.toContain(player.id);

    const retried = (await (
      await submit(submittedAt, token, `${date}/sudoku/hard`, { solution, elapsedMs: 250_000, startToken })
    ).json()) as ResultJson;
    expect(retried).toMatchObject({ valid: true, repeated: false });
  });

  it('counts concurrent duplicates exactly once', async () => {
    const { player, token } = await register(fetchedAt);
    const startToken = await startPuzzle(fetchedAt, token, date, 'sudoku', 'expert');
    const solution = await solveStored(date, 'sudoku', 'expert');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        submit(submittedAt, token, `${date}/sudoku/expert`, {
          solution,
          elapsedMs: 280_000,
          startToken,
        }).then((r) => r.json() as Promise<ResultJson>),
      ),
    );
    expect(results.every((r) => r.valid)).toBe(true);
    expect(results.filter((r) => !r.repeated).length).toBeLessThanOrEqual(1);
    const row = await env.DB.prepare(
      'select count(*) as n from submissions where player_id = ? and ranked = 1',
    )
      .bind(player.id)
      .first<{ n: number }>();
    expect(row?.n).toBe(1);
    const rating = await env.DB.prepare('select games from player_ratings where player_id = ?')
      .bind(player.id)
      .first<{ games: number }>();
    expect(rating?.games).toBe(1);
  });
});

describe('times', () => {
  it('caps a claimed time by what the server saw (plus the allowance)', async () => {
    const { token } = await register(fetchedAt);
    const startToken = await startPuzzle(fetchedAt, token, date, 'sudoku', 'easy');
    const solution = await solveStored(date, 'sudoku', 'easy');
    const result = (await (
      await submit(submittedAt, token, `${date}/sudoku/easy`, { solution, elapsedMs: 3_600_000, startToken })
    ).json()) as ResultJson;
    expect(result).toMatchObject({ valid: true, capped: true, countedMs: 300_000 + 2_000 });
  });

  it('refuses an impossible time with 422 and ranks nothing', async () => {
    const { player, token } = await register(fetchedAt);
    const startToken = await startPuzzle(fetchedAt, token, date, 'sudoku', 'easy');
    const solution = await solveStored(date, 'sudoku', 'easy');
    const res = await submit('2026-11-29T12:00:01Z', token, `${date}/sudoku/easy`, {
      solution,
      elapsedMs: 900,
      startToken,
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorJson).error.code).toBe('impossible_time');
    const row = await env.DB.prepare('select count(*) as n from submissions where player_id = ?')
      .bind(player.id)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  it('refuses a bot that claims a long time but submits at once', async () => {
    const { token } = await register(fetchedAt);
    const startToken = await startPuzzle(fetchedAt, token, date, 'sudoku', 'easy');
    const solution = await solveStored(date, 'sudoku', 'easy');
    const res = await submit('2026-11-29T12:00:02Z', token, `${date}/sudoku/easy`, {
      solution,
      elapsedMs: 400_000,
      startToken,
    });
    expect(res.status).toBe(422);
  });
});

describe('start tokens', () => {
  async function attempt(startToken: string, at = submittedAt) {
    const { token } = await register(fetchedAt);
    const solution = await solveStored(date, 'sudoku', 'easy');
    return submit(at, token, `${date}/sudoku/easy`, { solution, elapsedMs: 200_000, startToken });
  }

  it("refuses another player's start token", async () => {
    const other = await register(fetchedAt);
    const res = await attempt(await startPuzzle(fetchedAt, other.token, date, 'sudoku', 'easy'));
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorJson).error.message).toContain('another player');
  });

  it("refuses another puzzle's start token", async () => {
    const { token } = await register(fetchedAt);
    const wrongPuzzle = await startPuzzle(fetchedAt, token, date, 'sudoku', 'medium');
    const solution = await solveStored(date, 'sudoku', 'easy');
    const res = await submit(submittedAt, token, `${date}/sudoku/easy`, {
      solution,
      elapsedMs: 200_000,
      startToken: wrongPuzzle,
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorJson).error.message).toContain('another puzzle');
  });

  it('refuses a forged or tampered start token', async () => {
    const { token } = await register(fetchedAt);
    const real = await startPuzzle(fetchedAt, token, date, 'sudoku', 'easy');
    const [body, signature] = real.split('.') as [string, string];
    const claims = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/'))) as [string, string, number];
    const earlier = btoa(JSON.stringify([claims[0], claims[1], claims[2] - 3_600_000]))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const solution = await solveStored(date, 'sudoku', 'easy');
    for (const startToken of [`${earlier}.${signature}`, 'not-a-token', `${body}.`]) {
      const res = await submit(submittedAt, token, `${date}/sudoku/easy`, {
        solution,
        elapsedMs: 200_000,
        startToken,
      });
      expect(res.status).toBe(403);
    }
  });

  it('refuses an expired start token', async () => {
    const { token } = await register('2026-11-26T00:00:00Z');
    const old = await startPuzzle('2026-11-26T00:00:00Z', token, '2026-11-26', 'sudoku', 'easy');
    const solution = await solveStored('2026-11-26', 'sudoku', 'easy');
    const res = await submit('2026-11-27T11:00:00Z', token, '2026-11-26/sudoku/easy', {
      solution,
      elapsedMs: 200_000,
      startToken: old,
    });
    expect(res.status).toBe(200);
    const expired = await submit('2026-11-29T01:00:00Z', token, '2026-11-26/sudoku/easy', {
      solution,
      elapsedMs: 200_000,
      startToken: old,
    });
    expect(expired.status).toBe(403);
  });

  it('is handed out only to players: an anonymous fetch gets none', async () => {
    const res = await appAt(fetchedAt)(`/v1/puzzles/${date}/sudoku/easy`);
    expect(await res.json()).not.toHaveProperty('startToken');
  });

  it('refuses a submission without a player token', async () => {
    const res = await appAt(submittedAt)(`/v1/puzzles/${date}/sudoku/easy/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ solution: {}, elapsedMs: 1000, startToken: 'x' }),
    });
    expect(res.status).toBe(401);
  });
});

describe('ranking closes when the answers are public', () => {
  it('refuses submissions once the date has ended everywhere', async () => {
    const { token } = await register(fetchedAt);
    const startToken = await startPuzzle(fetchedAt, token, date, 'sudoku', 'easy');
    const solution = await solveStored(date, 'sudoku', 'easy');
    const res = await submit('2026-11-30T12:00:00Z', token, `${date}/sudoku/easy`, {
      solution,
      elapsedMs: 200_000,
      startToken,
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorJson).error.code).toBe('ranking_closed');
  });
});

describe('solutions copied from another date', () => {
  it('are rejected as wrong for this puzzle', async () => {
    const { token } = await register(fetchedAt);
    const startToken = await startPuzzle(fetchedAt, token, date, 'sudoku', 'easy');
    await startPuzzle(fetchedAt, token, '2026-11-28', 'sudoku', 'easy');
    const copied = await solveStored('2026-11-28', 'sudoku', 'easy');
    const result = (await (
      await submit(submittedAt, token, `${date}/sudoku/easy`, {
        solution: copied,
        elapsedMs: 200_000,
        startToken,
      })
    ).json()) as ResultJson;
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
    const startToken = await startPuzzle(fetchedAt, token, date, 'sudoku', 'easy');
    for (const solution of [{ moves: [[0, 1]] }, { grid: '123' }, { cells: '0101' }, 'grid', null]) {
      const res = await submit(submittedAt, token, `${date}/sudoku/easy`, {
        solution,
        elapsedMs: 200_000,
        startToken,
      });
      expect(res.status).toBe(400);
    }
    const row = await env.DB.prepare('select count(*) as n from submissions where player_id = ?')
      .bind(player.id)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });
});

describe('the player behind a submission', () => {
  it('is refused with 401 when the token is forged', async () => {
    const res = await submit(submittedAt, 'nope.nope', `${date}/sudoku/easy`, {
      solution: { grid: '1'.repeat(81) },
      elapsedMs: 200_000,
      startToken: 'x',
    });
    expect(res.status).toBe(401);
  });

  it('is refused with 401 when the token is ours but names no player here, and nothing is recorded', async () => {
    const ghost = '00000000-0000-4000-8000-00000000dead' as PlayerId;
    const token = await playerToken(DEV_SECRETS.TOKEN_SECRET, ghost);
    const start = await startToken(DEV_SECRETS.TOKEN_SECRET, {
      playerId: ghost,
      puzzleId: `${date}:sudoku:easy`,
      startedAt: Date.parse(fetchedAt),
    });
    const res = await submit(submittedAt, token, `${date}/sudoku/easy`, {
      solution: await solveStored(date, 'sudoku', 'easy'),
      elapsedMs: 200_000,
      startToken: start,
    });
    expect(res.status).toBe(401);
    const rows = await env.DB.prepare('select count(*) as n from submissions where player_id = ?')
      .bind(ghost)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});

describe('a submission for a puzzle not stored yet', () => {
  it('makes the puzzle first, as every read does, then judges', async () => {
    const next = '2026-11-30';
    const { player, token } = await register(fetchedAt);
    const start = await startToken(DEV_SECRETS.TOKEN_SECRET, {
      playerId: player.id as PlayerId,
      puzzleId: `${next}:signal:easy`,
      startedAt: Date.parse(fetchedAt),
    });
    const stored = () => env.DB.prepare("select id from puzzles where id = '2026-11-30:signal:easy'").first();
    expect(await stored()).toBeNull();
    const res = await submit(submittedAt, token, `${next}/signal/easy`, {
      solution: { grid: '1'.repeat(16) },
      elapsedMs: 200_000,
      startToken: start,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ResultJson).valid).toBe(false);
    expect(await stored()).not.toBeNull();
  });
});
