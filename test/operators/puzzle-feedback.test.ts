import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { PuzzleFeedbackSchema } from '../../src/contract/feedback.js';
import type { IsoDate } from '../../src/daily/calendar.js';
import { generateDate } from '../../src/daily/generate.js';
import { createDb } from '../../src/db/client.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import { bearer, later, register, solveAs, someAddress, startPuzzle } from '../support/play.js';

const date = '2026-11-29' as IsoDate;
const at = '2026-11-29T12:00:00Z';
const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, ...someAddress() };
const path = `/v1/admin/puzzles/${date}/signal/easy/feedback`;
let resolvedId = 0;

async function asPlayer(token: string, method: string, url: string, body: unknown) {
  return appAt(at)(url, {
    method,
    headers: { ...bearer(token), 'content-type': 'application/json', ...someAddress() },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  await generateDate(
    { db: createDb(env.DB), salt: DEV_SECRETS.PUZZLE_SALT, now: () => new Date(at) },
    date,
    'cron',
    [{ date, kind: 'signal', level: 'easy' }],
  );
  for (const [minutes, vote] of [
    [3, { fun: 5, felt: 'right' }],
    [4, { fun: 2, felt: 'easier' }],
  ] as const) {
    const player = await register('2026-11-29T08:00:00Z');
    await solveAs(player.token, {
      date,
      kind: 'signal',
      level: 'easy',
      fetchAt: '2026-11-29T09:00:00Z',
      submitAt: later('2026-11-29T09:00:00Z', minutes * 60),
    });
    expect((await asPlayer(player.token, 'PUT', `/v1/puzzles/${date}/signal/easy/vote`, vote)).status).toBe(
      200,
    );
  }
  for (const reason of ['broken', 'wrong_level'] as const) {
    const reporter = await register('2026-11-29T08:00:00Z');
    await startPuzzle('2026-11-29T09:00:00Z', reporter.token, date, 'signal', 'easy');
    const res = await asPlayer(reporter.token, 'POST', `/v1/puzzles/${date}/signal/easy/report`, { reason });
    const { id } = (await res.json()) as { id: number };
    if (reason === 'broken') resolvedId = id;
  }
  await appAt(at)(`/v1/admin/reports/${resolvedId}/resolve`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'Checked: one solution' }),
  });
});

describe("a puzzle's feedback, for moderators", () => {
  it('counts every vote per fun value and felt difficulty, under the public threshold too', async () => {
    const res = await appAt(at)(path, { headers: admin });
    expect(res.status).toBe(200);
    const { votes } = await bodyOf(res, PuzzleFeedbackSchema);
    expect(votes).toEqual({ voters: 2, fun: [0, 1, 0, 0, 1], felt: { easier: 1, right: 1, harder: 0 } });
  });

  it('lists every report of the puzzle, newest first, resolved ones with when', async () => {
    const { reports } = await bodyOf(await appAt(at)(path, { headers: admin }), PuzzleFeedbackSchema);
    expect(reports.map((r) => [r.reason, r.resolvedAt === null])).toEqual([
      ['wrong_level', true],
      ['broken', false],
    ]);
  });

  it('answers 404 for a puzzle that was never made', async () => {
    const res = await appAt(at)(`/v1/admin/puzzles/${date}/sudoku/easy/feedback`, { headers: admin });
    expect(res.status).toBe(404);
  });

  it('refuses a player token with 401', async () => {
    const { token } = await register(at);
    expect((await appAt(at)(path, { headers: { ...bearer(token), ...someAddress() } })).status).toBe(401);
  });
});
