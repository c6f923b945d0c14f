import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REMINDER_BATCH, REMINDERS_PER_RUN, sendReminders } from '../../src/play/reminders.js';
import { createServices } from '../../src/services.js';
import { newBrowser, received } from '../support/push.js';

/** Every subscription here is due at this instant: 19:00 in UTC, the calendar of players without a zone. */
const DUE = '2026-12-02T19:00:00.000Z';

async function runAt(iso: string) {
  return sendReminders(await createServices(env, () => new Date(iso)));
}

/**
 * `count` players, each with a browser subscribed for 19:00 UTC, written straight to D1: the cron reads
 * them as the API would have kept them (its rows are what is tested, not PUT's).
 */
async function subscribers(count: number, prefix: string): Promise<string[]> {
  const browsers = await Promise.all(Array.from({ length: count }, () => newBrowser()));
  const statements = browsers.flatMap((b, i) => {
    const playerId = `${prefix}-${String(i).padStart(4, '0')}`;
    return [
      env.DB.prepare('insert into players (id, created_at) values (?, ?)').bind(playerId, DUE),
      env.DB.prepare(
        'insert into push_subscriptions (endpoint, player_id, token_id, p256dh, auth, hour, created_at, next_due_at) values (?, ?, ?, ?, ?, 19, ?, ?)',
      ).bind(
        b.subscription.endpoint,
        playerId,
        'device',
        b.subscription.keys.p256dh,
        b.subscription.keys.auth,
        DUE,
        Date.parse(DUE),
      ),
    ];
  });
  for (let i = 0; i < statements.length; i += 200) await env.DB.batch(statements.slice(i, i + 200));
  return browsers.map((b) => b.id);
}

async function remindersPerBrowser(ids: readonly string[]): Promise<number[]> {
  return Promise.all(ids.map(async (id) => (await received(id)).accepted.length));
}

describe('the reminder cron in batches', () => {
  it(`stops after ${REMINDERS_PER_RUN} pushes and the next run resumes with the rest, each sent once`, async () => {
    const ids = await subscribers(REMINDERS_PER_RUN + 1, 'resume');
    const first = await runAt(DUE);
    expect(first).toMatchObject({ sent: REMINDERS_PER_RUN, more: true });
    const second = await runAt(DUE);
    expect(second).toMatchObject({ sent: 1, more: false });
    expect(new Set(await remindersPerBrowser(ids))).toEqual(new Set([1]));
    expect(await runAt(DUE)).toMatchObject({ sent: 0, more: false });
  });

  it('sends each reminder once when two runs overlap, over more than one batch', async () => {
    const ids = await subscribers(REMINDER_BATCH + 50, 'overlap');
    const [a, b] = await Promise.all([runAt(DUE), runAt(DUE)]);
    expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBe(REMINDER_BATCH + 50);
    expect(new Set(await remindersPerBrowser(ids))).toEqual(new Set([1]));
  });
});
