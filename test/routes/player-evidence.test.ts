import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import type { Level } from '../../src/contract/kinds/index.js';
import type { PlayerEvidence } from '../../src/contract/player-evidence.js';
import { PlayerEvidenceSchema } from '../../src/contract/player-evidence.js';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import type { Kind } from '../../src/kinds/index.js';
import { appAt } from '../support/app.js';
import { flaggedSolve } from '../support/held.js';
import { bodyOf, errorOf } from '../support/json.js';
import { forgedSolve } from '../support/paced.js';
import { bearer, later, type NewPlayer, register, solveStored, submit } from '../support/play.js';

/**
 * Issue 42, D: GET /v1/admin/players/{id}/evidence, each field from a player's real history: three days of
 * clean play from two networks, a solve voided and a clear by moderators, then a script's flagged solve and
 * three floor-hugging ones, and a second device.
 */
const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, 'content-type': 'application/json' };
const readAt = '2026-11-13T20:00:00Z';

async function fetchFrom(at: string, token: string, path: string, address?: string): Promise<void> {
  const headers: Record<string, string> = { ...bearer(token) };
  if (address !== undefined) headers['CF-Connecting-IP'] = address;
  const res = await appAt(at)(`/v1/puzzles/${path}`, { headers });
  expect(res.status).toBe(200);
}

/** Fetches the puzzle from `address` at `at` and submits it, paced like a person, `minutes` later. */
async function cleanSolve(
  token: string,
  date: string,
  kind: Kind,
  level: Level,
  at: string,
  address: string,
) {
  const path = `${date}/${kind}/${level}`;
  await fetchFrom(at, token, path, address);
  const solution = await solveStored(date, kind, level);
  const res = await submit(later(at, 20 * 60), token, path, { solution });
  const result = await bodyOf(res, SubmissionResultSchema);
  expect(result.verdict).toBe('clean');
}

async function rankedId(playerId: string, puzzleId: string): Promise<number> {
  const row = await env.DB.prepare(
    'select id from submissions where player_id = ? and puzzle_id = ? and ranked = 1',
  )
    .bind(playerId, puzzleId)
    .first<{ id: number }>();
  return row?.id ?? 0;
}

async function evidenceOf(playerId: string): Promise<PlayerEvidence> {
  const res = await appAt(readAt)(`/v1/admin/players/${playerId}/evidence`, { headers: admin });
  expect(res.status).toBe(200);
  return bodyOf(res, PlayerEvidenceSchema);
}

let p: NewPlayer;
let evidence: PlayerEvidence;
let flaggedId = 0;
let voidedId = 0;
const forgedIds: number[] = [];

beforeAll(async () => {
  p = await register('2026-11-10T07:00:00Z');
  await cleanSolve(p.token, '2026-11-10', 'sudoku', 'easy', '2026-11-10T08:00:00Z', '203.0.113.7');
  await cleanSolve(p.token, '2026-11-11', 'sudoku', 'easy', '2026-11-11T09:00:00Z', '198.51.100.9');
  await cleanSolve(p.token, '2026-11-12', 'sudoku', 'medium', '2026-11-12T10:00:00Z', '203.0.113.200');
  const cleared = await appAt('2026-11-12T11:00:00Z')(`/v1/admin/players/${p.player.id}/clear`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ reason: 'Known to the club' }),
  });
  expect(cleared.status).toBe(200);
  voidedId = await rankedId(p.player.id, '2026-11-11:sudoku:easy');
  const voided = await appAt('2026-11-12T11:05:00Z')(`/v1/admin/submissions/${voidedId}/void`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ reason: 'Shared account that day' }),
  });
  expect(voided.status).toBe(200);
  await flaggedSolve(p, '2026-11-13', 'sudoku', 'hard', '2026-11-13T08:00:00Z');
  flaggedId = await rankedId(p.player.id, '2026-11-13:sudoku:hard');
  for (const [i, [kind, level]] of (
    [
      ['sudoku', 'medium'],
      ['sudoku', 'expert'],
      ['signal', 'hard'],
    ] as const
  ).entries()) {
    await forgedSolve(p, '2026-11-13', kind, level, later('2026-11-13T09:00:00Z', i * 1800));
    forgedIds.push(await rankedId(p.player.id, `2026-11-13:${kind}:${level}`));
  }
  const api = appAt('2026-11-13T12:00:00Z');
  const code = (await (
    await api('/v1/players/me/link-codes', { method: 'POST', headers: bearer(p.token) })
  ).json()) as { code: string };
  const linked = await api('/v1/players/link', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: code.code }),
  });
  expect(linked.status).toBe(200);
  evidence = await evidenceOf(p.player.id);
});

describe("a player's evidence", () => {
  it('gives the account’s age in whole days on the server clock', () => {
    expect(evidence.player).toMatchObject({
      id: p.player.id,
      createdAt: '2026-11-10T07:00:00.000Z',
      accountAgeDays: 3,
    });
  });

  it('counts days of play from counted solves only: the voided one is not one', () => {
    expect(evidence.daysOfPlay).toEqual({
      days: 2,
      first: '2026-11-10T08:20:00.000Z',
      last: '2026-11-12T10:20:00.000Z',
    });
  });

  it('lists every ranked solve by kind and level, oldest first, with its pace and status', () => {
    const easy = evidence.paceHistory.find((h) => h.kind === 'sudoku' && h.level === 'easy');
    expect(easy?.solves.map((s) => [s.date, s.status])).toEqual([
      ['2026-11-10', 'clean'],
      ['2026-11-11', 'voided'],
    ]);
    const medium = evidence.paceHistory.find((h) => h.kind === 'sudoku' && h.level === 'medium');
    expect(medium?.solves.map((s) => s.date)).toEqual(['2026-11-12', '2026-11-13']);
    for (const s of evidence.paceHistory.flatMap((h) => h.solves)) {
      expect(s.pace).toBeCloseTo(s.countedMs / 1000 / s.benchmarkSeconds, 12);
    }
    expect(evidence.paceHistory.map((h) => `${h.kind}:${h.level}`)).toEqual([
      'sudoku:easy',
      'sudoku:medium',
      'sudoku:hard',
      'sudoku:expert',
      'signal:hard',
    ]);
  });

  it('lists the solves under review with the gap before each move and the lines they were held to', async () => {
    const held = evidence.underReview.find((s) => s.submissionId === flaggedId);
    const stored = (await (
      await appAt(readAt)(`/v1/admin/submissions/${flaggedId}`, { headers: admin })
    ).json()) as { evidence: { floorMs: number; eliteMs: number }; log: [number, number, number][] };
    expect(held).toMatchObject({
      status: 'flagged',
      kind: 'sudoku',
      level: 'hard',
      floorMs: stored.evidence.floorMs,
      eliteMs: stored.evidence.eliteMs,
    });
    expect(held?.reasons).toContain('regular_intervals');
    expect(held?.gapsMs).toEqual(stored.log.map((_, i) => (i === 0 ? 500 : 60)));
    expect(evidence.underReview.map((s) => s.submissionId).sort()).toEqual([flaggedId, ...forgedIds].sort());
  });

  it('counts its devices and says when one was linked', () => {
    expect(evidence.devices.count).toBe(2);
    expect(evidence.devices.active).toBe(2);
    expect(evidence.devices.linked.map((d) => d.at)).toEqual(['2026-11-13T12:00:00.000Z']);
  });

  it('lists earlier moderation of the player and of its solves, oldest first', () => {
    expect(evidence.moderation.map((a) => [a.action, a.target, a.reason])).toEqual([
      ['clear', p.player.id, 'Known to the club'],
      ['void', String(voidedId), 'Shared account that day'],
    ]);
  });

  it('says what makes it a suspect: its floor-hugging solves since the clear', () => {
    expect(evidence.suspicion).toMatchObject({ listed: true, since: '2026-11-12T11:00:00.000Z' });
    expect(evidence.suspicion.floorHugs).toBeGreaterThanOrEqual(3);
    const hugging = evidence.suspicion.signals.filter((s) => s.hugsFloor).map((s) => s.submissionId);
    expect(hugging).toEqual(expect.arrayContaining(forgedIds));
  });
});

describe('the networks in a player’s evidence', () => {
  it('count the distinct /24 and /48 networks its sessions began from', async () => {
    const player = await register('2026-11-13T07:00:00Z');
    const at = '2026-11-13T10:00:00Z';
    await fetchFrom(at, player.token, '2026-11-13/loop/easy', '203.0.113.7');
    await fetchFrom(at, player.token, '2026-11-13/loop/medium', '203.0.113.99');
    await fetchFrom(at, player.token, '2026-11-13/pattern/easy', '2001:db8:1:2::1');
    await fetchFrom(at, player.token, '2026-11-13/pattern/medium', '2001:db8:1:ff::9');
    await fetchFrom(at, player.token, '2026-11-13/signal/easy', '198.51.100.1');
    await fetchFrom(at, player.token, '2026-11-13/signal/medium');
    expect((await evidenceOf(player.player.id)).networks).toEqual({
      distinct: 3,
      sessions: 6,
      sessionsWithNetwork: 5,
    });
  });

  it('are kept as keyed hashes: no session holds an address or a network', async () => {
    const rows = await env.DB.prepare('select network from play_sessions where network is not null').all<{
      network: string;
    }>();
    expect(rows.results.length).toBeGreaterThan(0);
    for (const { network } of rows.results) {
      expect(network).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(network).not.toMatch(/203|198|2001|\/24|\/48/);
    }
  });
});

describe('access to a player’s evidence', () => {
  it('is refused without the admin token: 401', async () => {
    const res = await appAt(readAt)(`/v1/admin/players/${p.player.id}/evidence`);
    expect(res.status).toBe(401);
  });

  it('is refused to a player, the player itself included: 401', async () => {
    const res = await appAt(readAt)(`/v1/admin/players/${p.player.id}/evidence`, {
      headers: bearer(p.token),
    });
    expect(res.status).toBe(401);
  });

  it('answers 404 not_found for an unknown player', async () => {
    const res = await appAt(readAt)('/v1/admin/players/2f1c6e0a-7d43-4c55-9a8e-3c0b9b7f2d11/evidence', {
      headers: admin,
    });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).error.code).toBe('not_found');
  });

  it('answers 400 for an id that is not a player id', async () => {
    const res = await appAt(readAt)('/v1/admin/players/not-an-id/evidence', { headers: admin });
    expect(res.status).toBe(400);
  });
});
