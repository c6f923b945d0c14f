import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DEV_SECRETS } from '../../src/config.js';
import { AuditPageSchema, FlagsPageSchema } from '../../src/contract/admin.js';
import { FollowsPageSchema } from '../../src/contract/follows.js';
import { PuzzleStatsSchema } from '../../src/contract/leaderboards.js';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import {
  bearer,
  type ResultJson,
  register,
  solveAs,
  solveStored,
  startPuzzle,
  submit,
} from '../support/play.js';

const date = '2026-11-29';
const at = '2026-11-29T14:00:00Z';
const api = appAt(at);
const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}` };

/** A body read past a 200, parsed by its contract schema. */
async function page<S extends z.ZodType>(
  url: string,
  headers: Record<string, string>,
  schema: S,
): Promise<z.output<S>> {
  const res = await api(url, { headers });
  expect(res.status, url).toBe(200);
  return bodyOf(res, schema);
}

/** A solve too fast for a person: flagged for a moderator. */
async function flaggedSolve(): Promise<void> {
  const { token } = await register(at);
  await startPuzzle('2026-11-29T13:00:00Z', token, date, 'loop', 'easy');
  const res = await submit('2026-11-29T13:00:03Z', token, `${date}/loop/easy`, {
    solution: await solveStored(date, 'loop', 'easy'),
  });
  expect((await bodyOf(res, SubmissionResultSchema)).verdict).toBe('flagged');
}

describe('a last page that is exactly full', () => {
  it('of the follows has no next cursor', async () => {
    const me = await register(at);
    for (const other of [await register(at), await register(at)]) {
      await api(`/v1/players/me/follows/${other.player.id}`, { method: 'PUT', headers: bearer(me.token) });
    }
    const full = await page('/v1/players/me/follows?limit=2', bearer(me.token), FollowsPageSchema);
    expect(full.follows).toHaveLength(2);
    expect(full.nextCursor).toBeNull();
    const first = await page('/v1/players/me/follows?limit=1', bearer(me.token), FollowsPageSchema);
    const last = await page(
      `/v1/players/me/follows?limit=1&cursor=${first.nextCursor}`,
      bearer(me.token),
      FollowsPageSchema,
    );
    expect(last.follows).toHaveLength(1);
    expect(last.nextCursor).toBeNull();
  });

  it('of the audit has no next cursor', async () => {
    for (let i = 0; i < 2; i++) await api('/v1/admin/calibrate', { method: 'POST', headers: admin });
    const all = await page('/v1/admin/audit?limit=100', admin, AuditPageSchema);
    const n = all.actions.length;
    expect(n).toBeGreaterThanOrEqual(2);
    expect((await page(`/v1/admin/audit?limit=${n}`, admin, AuditPageSchema)).nextCursor).toBeNull();
    const first = await page(`/v1/admin/audit?limit=${n - 1}`, admin, AuditPageSchema);
    expect(first.nextCursor).not.toBeNull();
    const last = await page(
      `/v1/admin/audit?limit=${n - 1}&cursor=${first.nextCursor}`,
      admin,
      AuditPageSchema,
    );
    expect(last.actions).toHaveLength(1);
    expect(last.nextCursor).toBeNull();
  });

  it('of the flagged solves has no next cursor', async () => {
    await flaggedSolve();
    await flaggedSolve();
    const all = await page('/v1/admin/flags?limit=100', admin, FlagsPageSchema);
    const n = all.flags.length;
    expect(n).toBeGreaterThanOrEqual(2);
    expect((await page(`/v1/admin/flags?limit=${n}`, admin, FlagsPageSchema)).nextCursor).toBeNull();
    expect((await page(`/v1/admin/flags?limit=${n - 1}`, admin, FlagsPageSchema)).nextCursor).not.toBeNull();
  });
});

describe('times', () => {
  it('are whole milliseconds in the median of an even number of solvers an odd number of ms apart', async () => {
    for (const submitAt of ['2026-11-29T12:07:00.001Z', '2026-11-29T12:09:00.000Z']) {
      const { token } = await register(at);
      const { body } = await solveAs(token, {
        date,
        kind: 'sudoku',
        level: 'easy',
        fetchAt: '2026-11-29T12:00:00.000Z',
        submitAt,
      });
      expect((body as ResultJson).verdict).toBe('clean');
    }
    const stats = await page(`/v1/puzzles/${date}/sudoku/easy/stats`, {}, PuzzleStatsSchema);
    expect(stats.solvers).toBe(2);
    expect(stats.medianMs).toBe(480_001);
  });

  it("are whole milliseconds in a flagged solve's evidence", async () => {
    await flaggedSolve();
    const { flags } = await page('/v1/admin/flags?limit=100', admin, FlagsPageSchema);
    const times = flags.flatMap((f) => {
      // The contract lets a flag lack evidence; these were judged from a log, so each must carry it.
      if (f.evidence === null) throw new Error(`flag ${f.submissionId} has no evidence`);
      return Object.entries(f.evidence).filter(([name, value]) => name.endsWith('Ms') && value !== null);
    });
    expect(times.length).toBeGreaterThan(0);
    for (const [name, value] of times) expect(Number.isInteger(value), name).toBe(true);
  });
});
