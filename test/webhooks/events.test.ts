import { createScheduledController, env } from 'cloudflare:test';
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { createAdminClient } from '../../src/client/index.js';
import { DEV_SECRETS } from '../../src/config.js';
import { AccountPlayerSchema } from '../../src/contract/accounts.js';
import { WEBHOOK_EVENTS } from '../../src/contract/webhooks.js';
import { addDays, utcDate } from '../../src/daily/calendar.js';
import type { GenerationOutcome } from '../../src/daily/generate.js';
import { puzzlesOfDate } from '../../src/daily/schedule.js';
import worker from '../../src/index.js';
import { announceGenerated } from '../../src/play/generation-events.js';
import { createServices } from '../../src/services.js';
import { putOperatorPlayer } from '../accounts/support.js';
import { adminAt } from '../support/admin-client.js';
import { flaggedSolve } from '../support/held.js';
import { eventually, newHook, receivedAt } from '../support/hooks.js';
import { bodyOf } from '../support/json.js';
import { onDirect } from '../support/live.js';
import {
  later,
  type ResultJson,
  register,
  solveAs,
  solveStored,
  startPuzzle,
  submit,
} from '../support/play.js';

/**
 * Every event reaches an endpoint subscribed to it, from the flow where its fact becomes true, through the
 * queue and its consumer as deployed; each body verifies with the endpoint's secret.
 */

const admin = adminAt('2026-11-20T08:00:00Z');
let hook: { name: string; secret: string };

interface Delivered {
  type: string;
  timestamp: string;
  data: Record<string, unknown> & { player?: { id: string; externalId: string | null } };
}

/** The verified deliveries of `type` about `playerId` (any player when null), waited for (bounded). */
async function delivered(type: string, playerId: string | null, count = 1): Promise<Delivered[]> {
  const webhook = new Webhook(hook.secret);
  const matching = async () =>
    (await receivedAt(hook.name))
      .map((h) => webhook.verify(h.body, h.headers) as Delivered)
      .filter((d) => d.type === type && (playerId === null || d.data.player?.id === playerId));
  return eventually(`${count} ${type} for ${playerId}`, matching, (list) => list.length >= count);
}

async function submissionIdOf(playerId: string, puzzleId: string): Promise<number> {
  const row = await env.DB.prepare(
    'select id from submissions where player_id = ? and puzzle_id = ? and ranked = 1',
  )
    .bind(playerId, puzzleId)
    .first<{ id: number }>();
  if (!row) throw new Error(`no ranked submission of ${playerId} on ${puzzleId}`);
  return row.id;
}

const cleanSolve = (token: string, date: string, at: string) =>
  solveAs(token, { date, kind: 'loop', level: 'easy', fetchAt: at, submitAt: later(at, 300) }).then(
    (r) => r.body as ResultJson,
  );

beforeAll(async () => {
  const made = newHook();
  const endpoint = await admin.createWebhook({ url: made.url, events: [...WEBHOOK_EVENTS] });
  hook = { name: made.name, secret: endpoint.secret };
});

describe('webhook events', () => {
  it('a clean ranked solve on the direct path sends solve.ranked with the player and puzzle', async () => {
    const { player, token } = await register('2026-11-20T08:00:00Z');
    const at = '2026-11-20T08:00:00Z';
    await startPuzzle(at, token, '2026-11-20', 'loop', 'easy');
    const solution = await solveStored('2026-11-20', 'loop', 'easy');
    const res = await submit(later(at, 300), token, '2026-11-20/loop/easy', { solution }, onDirect);
    expect(res.status).toBe(200);
    const [event] = await delivered('solve.ranked', player.id);
    expect(event?.data).toMatchObject({
      player: { id: player.id, externalId: null },
      puzzleId: '2026-11-20:loop:easy',
      rank: 1,
    });
  });

  it('a clean ranked solve on the boards path sends solve.ranked', async () => {
    const { player, token } = await register('2026-11-21T08:00:00Z');
    const at = '2026-11-21T08:00:00Z';
    await startPuzzle(at, token, '2026-11-21', 'loop', 'easy');
    const solution = await solveStored('2026-11-21', 'loop', 'easy');
    const res = await submit(later(at, 300), token, '2026-11-21/loop/easy', { solution });
    expect(res.status).toBe(200);
    const [event] = await delivered('solve.ranked', player.id);
    expect(event?.data).toMatchObject({ puzzleId: '2026-11-21:loop:easy' });
  });

  it("a solve of a site's own player carries the site's external id", async () => {
    const at = '2026-11-23T08:00:00Z';
    const made = await putOperatorPlayer(at, 'reader-4711');
    expect(made.status).toBe(201);
    const { player, token } = await bodyOf(made, AccountPlayerSchema);
    await cleanSolve(token, '2026-11-23', at);
    const [event] = await delivered('solve.ranked', player.id);
    expect(event?.data.player).toEqual({ id: player.id, externalId: 'reader-4711' });
  });

  it("a solve that begins a player's streak sends streak.extended with its length", async () => {
    const { player, token } = await register('2026-11-22T08:00:00Z');
    await cleanSolve(token, '2026-11-22', '2026-11-22T08:00:00Z');
    const [event] = await delivered('streak.extended', player.id);
    expect(event?.data).toMatchObject({ current: 1, change: 'started' });
  });

  it('a solve after a lapse the freezes cannot cover sends streak.broken', async () => {
    const { player, token } = await register('2026-11-23T08:00:00Z');
    await cleanSolve(token, '2026-11-23', '2026-11-23T08:00:00Z');
    expect((await cleanSolve(token, '2026-11-27', '2026-11-27T08:00:00Z')).streak.change).toBe('reset');
    const [event] = await delivered('streak.broken', player.id);
    expect(event?.data).toMatchObject({ puzzleId: '2026-11-27:loop:easy', current: 1 });
  });

  it('a held solve sends solve.held, and its approval solve.approved', async () => {
    const player = await register('2026-11-24T08:00:00Z');
    await flaggedSolve(player, '2026-11-24', 'sudoku', 'easy', '2026-11-24T08:00:00Z');
    const [held] = await delivered('solve.held', player.player.id);
    expect(held?.data).toMatchObject({ puzzleId: '2026-11-24:sudoku:easy', verdict: 'flagged' });
    const id = await submissionIdOf(player.player.id, '2026-11-24:sudoku:easy');
    await adminAt('2026-11-24T09:00:00Z').approve(id, 'a person after all');
    const [approved] = await delivered('solve.approved', player.player.id);
    expect(approved?.data).toMatchObject({ submissionId: id, from: 'flagged' });
  });

  it('a voided solve sends solve.voided', async () => {
    const { player, token } = await register('2026-11-25T08:00:00Z');
    await cleanSolve(token, '2026-11-25', '2026-11-25T08:00:00Z');
    const id = await submissionIdOf(player.id, '2026-11-25:loop:easy');
    await adminAt('2026-11-25T09:00:00Z').voidSubmission(id, 'shared the answer');
    const [event] = await delivered('solve.voided', player.id);
    expect(event?.data).toMatchObject({ submissionId: id, puzzleId: '2026-11-25:loop:easy', from: 'clean' });
  });

  it('the daily cron sends puzzles.generated for each date it makes', async () => {
    // The cron reads the service's clock: the test clock, set on the real one, puts its today in 2027.
    const app = createApp();
    const real = createAdminClient('https://puzzles.test', {
      token: DEV_SECRETS.ADMIN_TOKEN,
      fetch: (input, init) => Promise.resolve(app.request(input, init, env)),
    });
    await real.setTestClock('2027-09-20T00:05:00Z');
    try {
      await worker.scheduled(createScheduledController({ cron: '5 0 * * *' }), env);
    } finally {
      await real.clearTestClock();
    }
    const events = await delivered('puzzles.generated', null, 3);
    const made = events.map((e) => e.data).filter((d) => String(d.date).startsWith('2027-09-'));
    const perDay = puzzlesOfDate(utcDate(new Date('2027-09-20T00:00:00Z'))).length;
    expect(made).toEqual(
      ['2027-09-20', '2027-09-21', '2027-09-22'].map((date) => ({
        date,
        generated: perDay,
        status: 'ok',
        failures: [],
      })),
    );
  });

  it('announces only the dates a generation run made puzzles of', async () => {
    const made = utcDate(new Date('2031-01-02T00:05:00Z'));
    const found = addDays(made, 1);
    const outcomes = new Map<typeof made, GenerationOutcome>([
      [made, { status: 'ok', generated: 20, failures: [] }],
      [found, { status: 'noop', generated: 0, failures: [] }],
    ]);
    await announceGenerated(await createServices(env), outcomes);
    const events = await eventually(
      `puzzles.generated for ${made}`,
      () => delivered('puzzles.generated', null),
      (list) => list.some((e) => e.data.date === made),
    );
    expect(events.find((e) => e.data.date === made)?.data).toEqual({
      date: made,
      generated: 20,
      status: 'ok',
      failures: [],
    });
    expect((await receivedAt(hook.name)).some((h) => h.body.includes(found))).toBe(false);
  });

  it('an endpoint hears only the events it subscribes to', async () => {
    const only = newHook();
    await admin.createWebhook({ url: only.url, events: ['solve.voided'] });
    const { player, token } = await register('2026-11-26T08:00:00Z');
    await cleanSolve(token, '2026-11-26', '2026-11-26T08:00:00Z');
    await delivered('solve.ranked', player.id);
    const id = await submissionIdOf(player.id, '2026-11-26:loop:easy');
    await adminAt('2026-11-26T09:00:00Z').voidSubmission(id, 'shared the answer');
    await delivered('solve.voided', player.id);
    const types = await eventually(
      'the voided solve at the narrow endpoint',
      async () => (await receivedAt(only.name)).map((h) => (JSON.parse(h.body) as Delivered).type),
      (list) => list.length >= 1,
    );
    expect(types).toEqual(['solve.voided']);
  });
});
