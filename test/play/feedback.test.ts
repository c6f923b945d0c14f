import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { AuditPageSchema } from '../../src/contract/admin.js';
import {
  LevelFeedbackSchema,
  REPORT_NOTE_MAX,
  ReportSchema,
  ReportsPageSchema,
  VOTES_SHOWN_FROM,
  VoteSchema,
} from '../../src/contract/feedback.js';
import { type PuzzleStats, PuzzleStatsSchema } from '../../src/contract/leaderboards.js';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import { appAt } from '../support/app.js';
import { clientAt } from '../support/client.js';
import { bodyOf, errorOf } from '../support/json.js';
import {
  bearer,
  type NewPlayer,
  register,
  solveAs,
  solveStored,
  startPuzzle,
  submit,
  wrongSudoku,
} from '../support/play.js';

const date = '2026-11-27';
const at = `${date}T20:00:00Z`;
const api = appAt(at);
const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, 'content-type': 'application/json' };

let address = 0;
/** A fresh address per call, so that the per-address limits stay out of the tests that are not about them. */
function from(): Record<string, string> {
  address++;
  return { 'CF-Connecting-IP': `198.51.${Math.floor(address / 250)}.${address % 250}` };
}

async function solver(level: string): Promise<NewPlayer> {
  const player = await register(`${date}T08:00:00Z`);
  const res = await solveAs(player.token, {
    date,
    kind: 'sudoku',
    level: level as 'easy',
    fetchAt: `${date}T09:00:00Z`,
    submitAt: `${date}T09:20:00Z`,
  });
  expect(res.status).toBe(200);
  return player;
}

async function vote(token: string, level: string, body: unknown, when = api) {
  return when(`/v1/puzzles/${date}/sudoku/${level}/vote`, {
    method: 'PUT',
    headers: { ...bearer(token), 'content-type': 'application/json', ...from() },
    body: JSON.stringify(body),
  });
}

async function report(token: string, level: string, body: unknown) {
  return api(`/v1/puzzles/${date}/sudoku/${level}/report`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json', ...from() },
    body: JSON.stringify(body),
  });
}

async function stats(level: string, token?: string): Promise<PuzzleStats> {
  const res = await api(`/v1/puzzles/${date}/sudoku/${level}/stats`, token ? { headers: bearer(token) } : {});
  expect(res.status).toBe(200);
  return bodyOf(res, PuzzleStatsSchema);
}

async function votesStored(level: string): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from puzzle_votes where puzzle_id = ?')
    .bind(`${date}:sudoku:${level}`)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe('votes on a puzzle', () => {
  it('are taken after a ranked solve, one per player: voting again changes it', async () => {
    const player = await solver('easy');
    const first = await vote(player.token, 'easy', { fun: 4, felt: 'right' });
    expect(first.status).toBe(200);
    expect(await bodyOf(first, VoteSchema)).toMatchObject({
      puzzleId: `${date}:sudoku:easy`,
      fun: 4,
      felt: 'right',
    });
    const again = await vote(player.token, 'easy', { fun: 2, felt: 'harder' });
    expect((await bodyOf(again, VoteSchema)).felt).toBe('harder');
    expect(await votesStored('easy')).toBe(1);
    expect((await stats('easy', player.token)).myVote).toMatchObject({ fun: 2, felt: 'harder' });
  });

  it(`stay hidden in the stats below ${VOTES_SHOWN_FROM} voters and show, counted, from ${VOTES_SHOWN_FROM} on`, async () => {
    const felts = ['easier', 'right', 'right', 'harder', 'right'] as const;
    const players: NewPlayer[] = [];
    for (const [i, felt] of felts.entries()) {
      const player = await solver('medium');
      players.push(player);
      expect((await vote(player.token, 'medium', { fun: i + 1, felt })).status).toBe(200);
      const shown = (await stats('medium')).votes;
      if (i + 1 < VOTES_SHOWN_FROM) expect(shown, `${i + 1} voters`).toBeNull();
    }
    expect((await stats('medium')).votes).toEqual({
      voters: 5,
      fun: [1, 1, 1, 1, 1],
      felt: { easier: 1, right: 3, harder: 1 },
    });
    expect((await stats('medium')).myVote).toBeNull();
  });

  it('count a practice solve, once the date has ended everywhere', async () => {
    const player = await register(`${date}T08:00:00Z`);
    const later = appAt('2026-11-29T13:00:00Z');
    await startPuzzle('2026-11-29T12:40:00Z', player.token, date, 'sudoku', 'expert');
    const solution = await solveStored(date, 'sudoku', 'expert');
    const res = await submit('2026-11-29T12:55:00Z', player.token, `${date}/sudoku/expert`, { solution });
    expect((await bodyOf(res, SubmissionResultSchema)).practice).toBe(true);
    expect((await vote(player.token, 'expert', { fun: 5, felt: 'right' }, later)).status).toBe(200);
  });

  it('are refused without a valid solve, a wrong attempt included, and change nothing', async () => {
    const player = await register(`${date}T08:00:00Z`);
    const none = await vote(player.token, 'hard', { fun: 3, felt: 'right' });
    expect(none.status).toBe(403);
    expect((await errorOf(none)).error.code).toBe('not_solved');
    await startPuzzle(`${date}T09:00:00Z`, player.token, date, 'sudoku', 'hard');
    const wrong = await submit(`${date}T09:10:00Z`, player.token, `${date}/sudoku/hard`, {
      solution: await wrongSudoku(date, 'hard'),
    });
    expect((await bodyOf(wrong, SubmissionResultSchema)).valid).toBe(false);
    expect((await vote(player.token, 'hard', { fun: 3, felt: 'right' })).status).toBe(403);
    expect(await votesStored('hard')).toBe(0);
  });

  it('refuse a fun outside 1–5 or not whole, an unknown felt and unknown fields with a 400, storing nothing', async () => {
    const player = await solver('hard');
    for (const body of [
      { fun: 0, felt: 'right' },
      { fun: 6, felt: 'right' },
      { fun: 2.5, felt: 'right' },
      { fun: 3, felt: 'hard' },
      { fun: 3 },
      { fun: 3, felt: 'right', extra: true },
    ]) {
      const res = await vote(player.token, 'hard', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).error.code).toBe('invalid_request');
    }
    expect((await vote(player.token, 'hard', { fun: 1, felt: 'easier' })).status).toBe(200);
    expect((await vote(player.token, 'hard', { fun: 5, felt: 'harder' })).status).toBe(200);
    expect(await votesStored('hard')).toBe(1);
  });

  it("leave the tally with a banned voter's ban", async () => {
    const voters: NewPlayer[] = [];
    for (let i = 0; i < VOTES_SHOWN_FROM; i++) {
      const player = await solver('expert');
      voters.push(player);
      await vote(player.token, 'expert', { fun: 3, felt: 'harder' });
    }
    expect((await stats('expert')).votes?.voters).toBe(VOTES_SHOWN_FROM + 1);
    const banned = voters[0] as NewPlayer;
    const ban = await api(`/v1/admin/players/${banned.player.id}/ban`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ reason: 'a voting script' }),
    });
    expect(ban.status).toBe(200);
    expect((await stats('expert')).votes?.voters).toBe(VOTES_SHOWN_FROM);
  });
});

describe('reports of a puzzle', () => {
  it('need the puzzle started with the token, and reach the moderators’ queue', async () => {
    const player = await register(`${date}T08:00:00Z`);
    const early = await report(player.token, 'easy', { reason: 'broken' });
    expect(early.status).toBe(403);
    expect((await errorOf(early)).error.code).toBe('not_started');
    await startPuzzle(`${date}T09:00:00Z`, player.token, date, 'sudoku', 'easy');
    const filed = await report(player.token, 'easy', { reason: 'wrong_level', note: '  Singles only  ' });
    expect(filed.status).toBe(201);
    const body = await bodyOf(filed, ReportSchema);
    expect(body).toMatchObject({
      puzzleId: `${date}:sudoku:easy`,
      reason: 'wrong_level',
      note: 'Singles only',
    });
    const queue = await bodyOf(await api('/v1/admin/reports', { headers: admin }), ReportsPageSchema);
    expect(queue.reports.find((r) => r.id === body.id)).toMatchObject({ playerId: player.player.id });
  });

  it('keep one per player and puzzle: a second replaces the first and reopens it', async () => {
    const player = await register(`${date}T08:00:00Z`);
    await startPuzzle(`${date}T09:00:00Z`, player.token, date, 'sudoku', 'medium');
    const first = await bodyOf(await report(player.token, 'medium', { reason: 'broken' }), ReportSchema);
    const resolved = await api(`/v1/admin/reports/${first.id}/resolve`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ reason: 'Checked: one solution' }),
    });
    expect(resolved.status).toBe(200);
    const open = async () =>
      (
        await bodyOf(await api('/v1/admin/reports?limit=100', { headers: admin }), ReportsPageSchema)
      ).reports.map((r) => r.id);
    expect(await open()).not.toContain(first.id);
    expect(
      (
        await api(`/v1/admin/reports/${first.id}/resolve`, {
          method: 'POST',
          headers: admin,
          body: JSON.stringify({ reason: 'Checked again' }),
        })
      ).status,
    ).toBe(404);
    const second = await bodyOf(
      await report(player.token, 'medium', { reason: 'other', note: 'Still odd' }),
      ReportSchema,
    );
    expect([second.id, second.reason, second.note]).toEqual([first.id, 'other', 'Still odd']);
    expect(await open()).toContain(first.id);
    const audit = await bodyOf(await api('/v1/admin/audit?limit=1', { headers: admin }), AuditPageSchema);
    expect(audit.actions[0]).toMatchObject({
      action: 'resolve_report',
      target: String(first.id),
      reason: 'Checked: one solution',
    });
  });

  it(`take a note of ${REPORT_NOTE_MAX} characters, and refuse one longer, an unknown reason or a control character`, async () => {
    const player = await register(`${date}T08:00:00Z`);
    await startPuzzle(`${date}T09:00:00Z`, player.token, date, 'sudoku', 'hard');
    for (const body of [
      { reason: 'broken', note: 'x'.repeat(REPORT_NOTE_MAX + 1) },
      { reason: 'ugly' },
      { reason: 'broken', note: 'bell \u0007' },
      { reason: 'broken', note: '   ' },
    ]) {
      const res = await report(player.token, 'hard', body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    const longest = await report(player.token, 'hard', {
      reason: 'broken',
      note: 'x'.repeat(REPORT_NOTE_MAX),
    });
    expect(longest.status).toBe(201);
    const lines = await report(player.token, 'hard', { reason: 'broken', note: 'row 3\ncolumn 4\tboth' });
    expect(lines.status).toBe(201);
  });

  it('are limited per player: the 11th vote or report in a minute is a 429 with Retry-After', async () => {
    const player = await solver('expert');
    const answers: Response[] = [];
    for (let i = 0; i < 11; i++)
      answers.push(await vote(player.token, 'expert', { fun: (i % 5) + 1, felt: 'right' }));
    expect(answers.slice(0, 10).every((r) => r.status === 200)).toBe(true);
    expect(answers[10]?.status).toBe(429);
    expect(Number(answers[10]?.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe("the levels' feedback, for the moderators", () => {
  it("sets each level's felt difficulty beside its benchmark and the grader's hardest techniques", async () => {
    const res = await api('/v1/admin/levels/feedback', { headers: admin });
    expect(res.status).toBe(200);
    const { from: first, to, levels } = await bodyOf(res, LevelFeedbackSchema);
    expect([first, to]).toEqual(['2026-10-29', date]);
    const medium = levels.find((l) => l.kind === 'sudoku' && l.level === 'medium');
    expect(medium?.votes.felt).toEqual({ easier: 1, right: 3, harder: 1 });
    expect(medium?.benchmark.unit).toBe('puzzle');
    expect(medium?.puzzles).toBeGreaterThanOrEqual(1);
    expect(Object.values(medium?.hardest ?? {}).reduce((a, b) => a + b, 0)).toBe(medium?.puzzles);
    const reports = levels.find((l) => l.kind === 'sudoku' && l.level === 'easy')?.reports;
    expect(reports?.wrong_level).toBe(1);
    expect(levels.map((l) => `${l.kind}:${l.level}`)).toContain('colorsort:superhard');
  });
});

describe("a player's feedback in its export", () => {
  it('lists its votes and its reports', async () => {
    const player = await solver('easy');
    await vote(player.token, 'easy', { fun: 3, felt: 'easier' });
    await report(player.token, 'easy', { reason: 'wrong_level' });
    const exported = await clientAt(at, { token: player.token }).exportMe();
    expect(exported.votes).toEqual([expect.objectContaining({ puzzleId: `${date}:sudoku:easy`, fun: 3 })]);
    expect(exported.reports).toEqual([expect.objectContaining({ reason: 'wrong_level' })]);
  });
});
