import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { ShareSchema } from '../../src/contract/shares.js';
import { appAt, requestAs } from '../support/app.js';
import { flaggedSolve } from '../support/held.js';
import { bodyOf, errorOf } from '../support/json.js';
import { forgedSolve } from '../support/paced.js';
import { type NewPlayer, register, solveAs } from '../support/play.js';

/**
 * Issue 42, F: a solve under review (pending or flagged) is not a result yet. It makes no share card and
 * casts no vote (votes are public counts) until a moderator approves it; the refusal is a 409
 * `solve_under_review` and changes nothing.
 */
const date = '2026-11-28';
const at = `${date}T20:00:00Z`;
const api = appAt(at);
const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, 'content-type': 'application/json' };

const share = (token: string, body: unknown) => requestAs(at, token, 'POST', '/v1/players/me/shares', body);

const vote = (token: string, level: string) =>
  requestAs(at, token, 'PUT', `/v1/puzzles/${date}/sudoku/${level}/vote`, { fun: 5, felt: 'easier' });

async function count(table: 'shares' | 'puzzle_votes', playerId: string): Promise<number> {
  const row = await env.DB.prepare(`select count(*) as n from ${table} where player_id = ?`)
    .bind(playerId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function rankedId(playerId: string, level: string): Promise<number> {
  const row = await env.DB.prepare(
    'select id from submissions where player_id = ? and puzzle_id = ? and ranked = 1',
  )
    .bind(playerId, `${date}:sudoku:${level}`)
    .first<{ id: number }>();
  return row?.id ?? 0;
}

async function pendingPlayer(): Promise<NewPlayer> {
  const player = await register(`${date}T07:00:00Z`);
  const result = await forgedSolve(player, date, 'sudoku', 'hard', `${date}T08:00:00Z`);
  expect(result.verdict).toBe('pending');
  return player;
}

async function flaggedPlayer(): Promise<NewPlayer> {
  const player = await register(`${date}T07:00:00Z`);
  await flaggedSolve(player, date, 'sudoku', 'hard', `${date}T09:00:00Z`);
  return player;
}

async function expectUnderReview(res: Response): Promise<void> {
  expect(res.status).toBe(409);
  expect((await errorOf(res)).error.code).toBe('solve_under_review');
}

describe('a pending solve', () => {
  it('makes no share card: a 409 solve_under_review, and no share is stored', async () => {
    const player = await pendingPlayer();
    await expectUnderReview(await share(player.token, { date, kind: 'sudoku', level: 'hard' }));
    expect(await count('shares', player.player.id)).toBe(0);
  });

  it('makes no card of its day either when it is the only solve of the day', async () => {
    const player = await pendingPlayer();
    await expectUnderReview(await share(player.token, { date }));
    expect(await count('shares', player.player.id)).toBe(0);
  });

  it('casts no vote: a 409 solve_under_review, and no vote is stored', async () => {
    const player = await pendingPlayer();
    await expectUnderReview(await vote(player.token, 'hard'));
    expect(await count('puzzle_votes', player.player.id)).toBe(0);
  });

  it('shares and votes once a moderator approves it', async () => {
    const player = await pendingPlayer();
    const approved = await api(`/v1/admin/submissions/${await rankedId(player.player.id, 'hard')}/approve`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ reason: 'watched the replay' }),
    });
    expect(approved.status).toBe(200);
    expect((await share(player.token, { date, kind: 'sudoku', level: 'hard' })).status).toBe(201);
    expect((await vote(player.token, 'hard')).status).toBe(200);
  });
});

describe('a flagged solve', () => {
  it('makes no share card: a 409 solve_under_review, and no share is stored', async () => {
    const player = await flaggedPlayer();
    await expectUnderReview(await share(player.token, { date, kind: 'sudoku', level: 'hard' }));
    expect(await count('shares', player.player.id)).toBe(0);
  });

  it('casts no vote: a 409 solve_under_review, and no vote is stored', async () => {
    const player = await flaggedPlayer();
    await expectUnderReview(await vote(player.token, 'hard'));
    expect(await count('puzzle_votes', player.player.id)).toBe(0);
  });

  it('is left off a card of its day that the player’s clean solves make', async () => {
    const player = await flaggedPlayer();
    const clean = await solveAs(player.token, {
      date,
      kind: 'sudoku',
      level: 'easy',
      fetchAt: `${date}T10:00:00Z`,
      submitAt: `${date}T10:25:00Z`,
    });
    expect((clean.body as { verdict: string }).verdict).toBe('clean');
    const res = await share(player.token, { date });
    expect(res.status).toBe(201);
    expect((await bodyOf(res, ShareSchema)).card.puzzles.map((p) => p.level)).toEqual(['easy']);
  });
});

describe('a voided solve', () => {
  it('casts no vote: a 403 not_solved', async () => {
    const player = await flaggedPlayer();
    const voided = await api(`/v1/admin/submissions/${await rankedId(player.player.id, 'hard')}/void`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ reason: 'a script' }),
    });
    expect(voided.status).toBe(200);
    const res = await vote(player.token, 'hard');
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error.code).toBe('not_solved');
  });
});
