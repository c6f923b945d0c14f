import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEV_SECRETS } from '../../src/config.js';
import { FLAG_REASONS, FlagsPageSchema, PENDING_REASONS } from '../../src/contract/admin.js';
import { HistorySchema } from '../../src/contract/history.js';
import { REVIEW_NOTES, SubmissionResultSchema } from '../../src/contract/submission.js';
import { appAt } from '../support/app.js';
import { flaggedSolve } from '../support/held.js';
import { bodyOf } from '../support/json.js';
import { forgedSolve, offline, stored } from '../support/paced.js';
import { bearer, type NewPlayer, type ResultJson, register, solveAs, submit } from '../support/play.js';

/**
 * Issue 42, F: a player reads why its solve is held in one plain reason per status, never the name of the
 * check that held it nor the check's figures, which would tell a forger what to tune. Moderators still see
 * both.
 */
const date = '2026-11-28';
const path = `${date}/sudoku/hard`;
const api = appAt(`${date}T20:00:00Z`);
const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}` };

/** The checks' names and the evidence's figures: none may reach a player. */
const SECRETS = [
  ...FLAG_REASONS,
  ...PENDING_REASONS,
  'floorMs',
  'eliteMs',
  'gapSpread',
  'fastGaps',
  'burstMs',
  'hugsFloor',
  'earlyElite',
  'flags',
];

function leaks(text: string): string[] {
  return SECRETS.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
}

/** Every answer a player gets about itself and the puzzle it played, as text. */
async function playerFacing(player: NewPlayer): Promise<Record<string, string>> {
  const urls = [
    '/v1/players/me',
    `/v1/players/${player.player.id}`,
    '/v1/players/me/history',
    '/v1/players/me/stats',
    '/v1/players/me/export',
    `/v1/puzzles/${path}`,
    `/v1/puzzles/${path}/stats`,
    `/v1/leaderboards/${path}`,
    `/v1/leaderboards/${date}/daily`,
    '/v1/leaderboards/ratings/sudoku',
  ];
  const answers: Record<string, string> = {};
  for (const url of urls) {
    const res = await api(url, { headers: bearer(player.token) });
    expect(res.status, url).toBe(200);
    answers[url] = await res.text();
  }
  return answers;
}

async function resubmit(player: NewPlayer): Promise<Response> {
  const row = await stored(date, 'sudoku', 'hard');
  const { solution } = offline('sudoku', 'hard', row);
  return submit(`${date}T19:00:00Z`, player.token, path, { solution });
}

let flagged: { player: NewPlayer; result: ResultJson };
let pending: { player: NewPlayer; result: ResultJson };

async function held() {
  if (!flagged) {
    const a = await register(`${date}T07:00:00Z`);
    flagged = { player: a, result: await flaggedSolve(a, date, 'sudoku', 'hard', `${date}T09:00:00Z`) };
    const b = await register(`${date}T07:00:00Z`);
    pending = { player: b, result: await forgedSolve(b, date, 'sudoku', 'hard', `${date}T08:00:00Z`) };
    expect(pending.result.verdict).toBe('pending');
  }
  return { flagged, pending };
}

describe('a flagged solve, as its player sees it', () => {
  it("says flagged, with the one plain reason that the move log does not look like a person's", async () => {
    const { flagged } = await held();
    expect(flagged.result).toMatchObject({ verdict: 'flagged', review: REVIEW_NOTES.flagged });
    expect(leaks(JSON.stringify(flagged.result))).toEqual([]);
  });

  it('says the same, and nothing more, when submitted again', async () => {
    const { flagged } = await held();
    const again = await bodyOf(await resubmit(flagged.player), SubmissionResultSchema);
    expect(again).toMatchObject({ repeated: true, verdict: 'flagged', review: REVIEW_NOTES.flagged });
    expect(leaks(JSON.stringify(again))).toEqual([]);
  });

  it('is in the history as flagged with the plain reason', async () => {
    const { flagged } = await held();
    const res = await api('/v1/players/me/history', { headers: bearer(flagged.player.token) });
    const [entry] = (await bodyOf(res, HistorySchema)).entries;
    expect(entry).toMatchObject({ verdict: 'flagged', review: REVIEW_NOTES.flagged });
  });

  it('is in the export as flagged with the plain reason, without the checks or their figures', async () => {
    const { flagged } = await held();
    const res = await api('/v1/players/me/export', { headers: bearer(flagged.player.token) });
    const body = await bodyOf(res, z.object({ submissions: z.array(z.record(z.string(), z.unknown())) }));
    expect(body.submissions[0]).toMatchObject({ status: 'flagged', review: REVIEW_NOTES.flagged });
    expect(body.submissions[0]).not.toHaveProperty('evidence');
    expect(body.submissions[0]).not.toHaveProperty('flags');
  });

  it('names no check and no figure in any answer its player gets', async () => {
    const { flagged } = await held();
    const answers = await playerFacing(flagged.player);
    for (const [url, text] of Object.entries(answers)) expect(leaks(text), url).toEqual([]);
  });

  it('still shows moderators the checks that held it', async () => {
    const { flagged } = await held();
    const res = await api('/v1/admin/flags?limit=100', { headers: admin });
    const page = await bodyOf(res, FlagsPageSchema);
    const row = page.flags.find((f) => f.player.id === flagged.player.player.id);
    expect(row?.reasons).toContain('regular_intervals');
  });
});

describe('a pending solve, as its player sees it', () => {
  it('says pending, under review, with the place it would take', async () => {
    const { pending } = await held();
    expect(pending.result).toMatchObject({ verdict: 'pending', review: REVIEW_NOTES.pending });
    expect(pending.result.wouldBeRank).toBeGreaterThan(0);
    expect(leaks(JSON.stringify(pending.result))).toEqual([]);
  });

  it('names no check and no figure in any answer its player gets', async () => {
    const { pending } = await held();
    const answers = await playerFacing(pending.player);
    for (const [url, text] of Object.entries(answers)) expect(leaks(text), url).toEqual([]);
  });
});

describe('a clean solve, as its player sees it', () => {
  it('carries no review reason', async () => {
    const player = await register(`${date}T07:00:00Z`);
    const { body } = await solveAs(player.token, {
      date,
      kind: 'sudoku',
      level: 'easy',
      fetchAt: `${date}T10:00:00Z`,
      submitAt: `${date}T10:25:00Z`,
    });
    expect(body).toMatchObject({ verdict: 'clean' });
    expect(body).not.toHaveProperty('review');
  });
});
