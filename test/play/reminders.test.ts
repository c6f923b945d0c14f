import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEV_SECRETS, DEV_VAPID } from '../../src/config.js';
import { PlayerTokensSchema } from '../../src/contract/devices.js';
import type { ReminderPayload } from '../../src/contract/push.js';
import { PushSubscriptionSchema } from '../../src/contract/push.js';
import { RETRY_AFTER_MS, sendReminders } from '../../src/play/reminders.js';
import { createServices } from '../../src/services.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import { bearer, register, solveAs } from '../support/play.js';
import { answerWith, newBrowser, received } from '../support/push.js';

/** 19:00 in Paris on 2026-12-02 is 18:00 UTC (CET, UTC+1): the hour every test here subscribes at. */
const DATE = '2026-12-02';
const HOUR = 19;
const HOUR_STARTS = `${DATE}T18:00:00.000Z`;
const HOUR_ENDS = `${DATE}T19:00:00.000Z`;
const SUBSCRIBED_AT = `${DATE}T09:00:00Z`;

async function runAt(iso: string) {
  return sendReminders(await createServices(env, () => new Date(iso)));
}

function later(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

/** A player in Paris whose browser subscribed for HOUR; `zone` null leaves it on UTC. */
async function subscriber(zone: string | null = 'Europe/Paris', hour = HOUR) {
  const player = await register(SUBSCRIBED_AT);
  const api = appAt(SUBSCRIBED_AT);
  if (zone) {
    await api('/v1/players/me', {
      method: 'PATCH',
      headers: { ...bearer(player.token), 'content-type': 'application/json' },
      body: JSON.stringify({ timeZone: zone }),
    });
  }
  const browser = await newBrowser();
  const res = await api('/v1/players/me/push', {
    method: 'PUT',
    headers: { ...bearer(player.token), 'content-type': 'application/json' },
    body: JSON.stringify({ subscription: browser.subscription, hour }),
  });
  expect(res.status).toBe(200);
  return { ...player, browser };
}

async function reminders(browserId: string): Promise<ReminderPayload[]> {
  return (await received(browserId)).accepted.map((push) => JSON.parse(push.text) as ReminderPayload);
}

async function pushOf(token: string) {
  const res = await appAt(SUBSCRIBED_AT)('/v1/players/me/tokens', { headers: bearer(token) });
  return (await bodyOf(res, PlayerTokensSchema)).tokens[0]?.push ?? null;
}

describe('the reminder cron', () => {
  it('drops, and never posts to, a subscription at a push service no longer allowed', async () => {
    const { browser } = await subscriber();
    const narrowed = { ...env, PUSH_SERVICE_HOSTS: 'fcm.googleapis.com' };
    const run = await sendReminders(await createServices(narrowed, () => new Date(HOUR_STARTS)));
    expect(run).toMatchObject({ sent: 0, dropped: 1 });
    expect(await received(browser.id)).toEqual({ accepted: [], refused: [] });
    expect((await runAt(HOUR_STARTS)).sent).toBe(0);
  });

  it("sends one reminder at the chosen hour of the player's time zone, encrypted to the browser and signed", async () => {
    const { browser } = await subscriber();
    await runAt(HOUR_STARTS);
    const { accepted, refused } = await received(browser.id);
    expect(refused).toEqual([]);
    expect(accepted).toHaveLength(1);
    const [push] = accepted;
    expect(JSON.parse(push?.text ?? '')).toEqual({
      title: 'Your streak is still open',
      body: `Nothing solved yet today (${DATE}): one puzzle keeps the streak going.`,
      date: DATE,
      url: '/',
    });
    expect(push?.claims).toMatchObject({ aud: 'https://push.test', sub: DEV_VAPID.subject });
    // Held for an offline browser until the player's date ends: midnight in Paris, 23:00 UTC.
    expect(push?.ttl).toBe(String(5 * 3600));
    expect(push?.topic).toBe('streak-reminder');
  });

  it('sends nothing a millisecond before the hour begins', async () => {
    const { browser } = await subscriber();
    await runAt(later(HOUR_STARTS, -1));
    expect(await reminders(browser.id)).toEqual([]);
    await runAt(HOUR_STARTS);
    expect(await reminders(browser.id)).toHaveLength(1);
  });

  it("sends in the hour's last millisecond, and not once it has ended: the next one is the next day's", async () => {
    const lastMoment = await subscriber();
    await runAt(later(HOUR_ENDS, -1));
    expect(await reminders(lastMoment.browser.id)).toHaveLength(1);
    const missed = await subscriber();
    await runAt(HOUR_ENDS);
    expect(await reminders(missed.browser.id)).toEqual([]);
    expect((await pushOf(missed.token))?.nextReminderAt).toBe('2026-12-03T18:00:00.000Z');
    await runAt('2026-12-03T18:00:00.000Z');
    expect((await reminders(missed.browser.id)).map((r) => r.date)).toEqual(['2026-12-03']);
  });

  it('reads the hour in UTC for a player without a time zone', async () => {
    const { browser } = await subscriber(null);
    await runAt(HOUR_STARTS);
    expect(await reminders(browser.id)).toEqual([]);
    await runAt(`${DATE}T19:00:00.000Z`);
    expect(await reminders(browser.id)).toHaveLength(1);
  });

  it('never sends twice on one date: not on a second run, nor after the hour is changed', async () => {
    const { token, browser } = await subscriber();
    await runAt(HOUR_STARTS);
    await runAt(later(HOUR_STARTS, 30 * 60_000));
    expect(await reminders(browser.id)).toHaveLength(1);
    const changedAt = later(HOUR_STARTS, 40 * 60_000);
    const res = await appAt(changedAt)('/v1/players/me/push', {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ subscription: browser.subscription, hour: 20 }),
    });
    expect((await bodyOf(res, PushSubscriptionSchema)).nextReminderAt).toBe('2026-12-03T19:00:00.000Z');
    await runAt(`${DATE}T19:00:00.000Z`);
    expect(await reminders(browser.id)).toHaveLength(1);
    await runAt('2026-12-03T19:00:00.000Z');
    expect((await reminders(browser.id)).map((r) => r.date)).toEqual([DATE, '2026-12-03']);
  });

  it('sends nothing when the player solved a puzzle on its date, and sends when its last solve was the day before', async () => {
    const solvedToday = await subscriber();
    const solvedYesterday = await subscriber();
    const solve = (token: string, date: string) =>
      solveAs(token, {
        date,
        kind: 'sudoku',
        level: 'easy',
        fetchAt: `${date}T10:00:00Z`,
        submitAt: `${date}T10:20:00Z`,
      });
    expect((await solve(solvedToday.token, DATE)).status).toBe(200);
    expect((await solve(solvedYesterday.token, '2026-12-01')).status).toBe(200);
    await runAt(HOUR_STARTS);
    expect(await reminders(solvedToday.browser.id)).toEqual([]);
    expect((await pushOf(solvedToday.token))?.nextReminderAt).toBe('2026-12-03T18:00:00.000Z');
    expect(await reminders(solvedYesterday.browser.id)).toHaveLength(1);
  });

  it('sends nothing to a banned player', async () => {
    const { player, browser } = await subscriber();
    const ban = await appAt(SUBSCRIBED_AT)(`/v1/admin/players/${player.id}/ban`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'a reminder test' }),
    });
    expect(ban.status).toBe(200);
    await runAt(HOUR_STARTS);
    expect(await reminders(browser.id)).toEqual([]);
  });

  it('follows a change of time zone at once: the new zone’s hour comes first', async () => {
    const { token, browser } = await subscriber(null);
    // In UTC the hour would come at 19:00 UTC; in Paris it comes an hour earlier.
    await appAt(SUBSCRIBED_AT)('/v1/players/me', {
      method: 'PATCH',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ timeZone: 'Europe/Paris' }),
    });
    expect((await pushOf(token))?.nextReminderAt).toBe(HOUR_STARTS);
    await runAt(HOUR_STARTS);
    expect(await reminders(browser.id)).toHaveLength(1);
  });

  for (const status of [404, 410]) {
    it(`drops a subscription its push service answers ${status}`, async () => {
      const { token, browser } = await subscriber();
      await answerWith(browser.id, status);
      const run = await runAt(HOUR_STARTS);
      expect(run.dropped).toBeGreaterThanOrEqual(1);
      expect((await received(browser.id)).refused).toEqual([{ status, reason: 'told to answer so' }]);
      expect(await pushOf(token)).toBeNull();
    });
  }

  it('keeps a subscription its push service fails for now (500), and tries again five minutes on', async () => {
    const { token, browser } = await subscriber();
    await answerWith(browser.id, 500);
    await runAt(HOUR_STARTS);
    expect((await received(browser.id)).refused).toHaveLength(1);
    expect((await pushOf(token))?.nextReminderAt).toBe(later(HOUR_STARTS, RETRY_AFTER_MS));
    await answerWith(browser.id, 201);
    await runAt(later(HOUR_STARTS, RETRY_AFTER_MS - 1));
    expect(await reminders(browser.id)).toEqual([]);
    await runAt(later(HOUR_STARTS, RETRY_AFTER_MS));
    expect(await reminders(browser.id)).toHaveLength(1);
  });

  it('gives up for the day on a failure too late in the hour for another try', async () => {
    const { token, browser } = await subscriber();
    await answerWith(browser.id, 500);
    await runAt(later(HOUR_ENDS, -RETRY_AFTER_MS));
    expect((await received(browser.id)).refused).toHaveLength(1);
    expect((await pushOf(token))?.nextReminderAt).toBe('2026-12-03T18:00:00.000Z');
  });
});
