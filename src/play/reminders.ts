import type { ReminderPayload } from '../contract/push.js';
import type { IsoDate } from '../daily/calendar.js';
import { localDateEnd, nextReminderSlot } from '../daily/local-hour.js';
import {
  type Claim,
  claimReminders,
  type Deferral,
  type DueSubscription,
  dueSubscriptions,
  type Release,
  settleReminders,
  solvedOnTheirDate,
} from '../db/push-subscriptions.js';
import { pushHostAllowed } from '../push/push-hosts.js';
import { type PushResult, sendPush } from '../push/send.js';
import type { Services } from '../services.js';
import { calendarOf } from './push.js';

/**
 * Subscriptions read and pushed per batch: one read of the due rows, one of their players' solves, one
 * claim and at most three writes of the outcomes, whatever the batch's size.
 */
export const REMINDER_BATCH = 100;

/**
 * Pushes per cron run at most. Each is a subrequest (a Worker may make 1,000 per invocation, beside its D1
 * queries: at most 6 per batch here); what is left stays due and the next run, five minutes on, resumes with it.
 */
export const REMINDERS_PER_RUN = 500;

/**
 * wrangler.toml's reminder trigger: every five minutes, so a reminder comes early in its hour. (Here, not in
 * src/index.ts: the entry module may export only handlers.)
 */
export const REMINDER_CRON = '*/5 * * * *';

/** A push that failed for now is tried again this long after, while its hour lasts. */
export const RETRY_AFTER_MS = 5 * 60_000;

/** Only one undelivered reminder is worth keeping: a newer one of this topic replaces it at the push service. */
const TOPIC = 'streak-reminder';

export interface ReminderRun {
  /** Reminders the push services accepted. */
  sent: number;
  /** Subscriptions dropped: the push service answered 404 or 410. */
  dropped: number;
  /** Pushes that failed for now, to be tried again within their hour. */
  failed: number;
  /** Due subscriptions whose player had solved that day (or is banned): moved to their next hour unsent. */
  skipped: number;
  /** Whether due subscriptions remain because the run reached REMINDERS_PER_RUN. */
  more: boolean;
}

function payloadFor(date: IsoDate): ReminderPayload {
  return {
    title: 'Your streak is still open',
    body: `Nothing solved yet today (${date}): one puzzle keeps the streak going.`,
    date,
    url: '/',
  };
}

interface Plan {
  deferred: Deferral[];
  claims: (Claim & { row: DueSubscription; timeZone: string; previous: string | null; end: number })[];
}

/**
 * What each due subscription gets now: a reminder when its hour of the player's calendar has come, none
 * was sent that date and nothing is solved on it; otherwise it is looked at again at its next hour (a
 * change of the player's time zone or a late run moves it there too).
 */
async function plan(services: Services, rows: readonly DueSubscription[], now: Date): Promise<Plan> {
  const deferred: Deferral[] = [];
  const candidates: { row: DueSubscription; timeZone: string; date: IsoDate; end: number }[] = [];
  for (const row of rows) {
    const timeZone = calendarOf(row);
    const slot = nextReminderSlot(now, timeZone, row.hour, row.lastSentDate as IsoDate | null);
    if (row.bannedAt !== null || slot.start.getTime() > now.getTime()) {
      const next =
        slot.start.getTime() > now.getTime() ? slot : nextReminderSlot(now, timeZone, row.hour, slot.date);
      deferred.push({ endpoint: row.endpoint, seen: row.nextDueAt, next: next.start.getTime() });
    } else {
      candidates.push({ row, timeZone, date: slot.date, end: slot.end.getTime() });
    }
  }
  const solved = await solvedOnTheirDate(
    services.db,
    candidates.map((c) => ({ playerId: c.row.playerId, date: c.date })),
  );
  const claims: Plan['claims'] = [];
  for (const c of candidates) {
    const next = nextReminderSlot(now, c.timeZone, c.row.hour, c.date).start.getTime();
    if (solved.has(c.row.playerId)) {
      deferred.push({ endpoint: c.row.endpoint, seen: c.row.nextDueAt, next });
    } else {
      claims.push({
        endpoint: c.row.endpoint,
        seen: c.row.nextDueAt,
        date: c.date,
        next,
        row: c.row,
        timeZone: c.timeZone,
        previous: c.row.lastSentDate,
        end: c.end,
      });
    }
  }
  return { deferred, claims };
}

/**
 * The reminder cron: sends each due streak reminder once, in batches, until none is due or the run's
 * allowance is spent. A reminder is claimed in D1 before it is pushed, so no two runs send it twice; a
 * push that fails for now gives its date back to be tried again while its hour lasts.
 */
export async function sendReminders(services: Services): Promise<ReminderRun> {
  const run: ReminderRun = { sent: 0, dropped: 0, failed: 0, skipped: 0, more: false };
  for (;;) {
    const now = services.now();
    const rows = await dueSubscriptions(services.db, now.getTime(), REMINDER_BATCH);
    if (rows.length === 0) return run;
    const { deferred, claims } = await plan(services, rows, now);
    const taken = await claimReminders(
      services.db,
      claims.map(({ endpoint, seen, date, next }) => ({ endpoint, seen, date, next })),
    );
    const sending = claims.filter((c) => taken.has(c.endpoint));
    const results = await Promise.all(
      sending.map(async (c): Promise<PushResult> => {
        // Kept from before the list of push services was narrowed: dropped, never posted to.
        if (!pushHostAllowed(services.config.pushHosts, c.endpoint)) return 'gone';
        const date = c.date as IsoDate;
        const ttlSeconds = (localDateEnd(date, c.timeZone).getTime() - now.getTime()) / 1000;
        return sendPush(c.row, { ...payloadFor(date) }, services.config.vapid, { ttlSeconds, topic: TOPIC });
      }),
    );
    const released: Release[] = [];
    const gone: string[] = [];
    sending.forEach((c, i) => {
      const result = results[i];
      if (result === 'sent') run.sent++;
      else if (result === 'gone') {
        run.dropped++;
        gone.push(c.endpoint);
      } else {
        run.failed++;
        const retry = now.getTime() + RETRY_AFTER_MS;
        if (retry < c.end)
          released.push({ endpoint: c.endpoint, date: c.date, previous: c.previous, next: retry });
      }
    });
    run.skipped += deferred.length;
    await settleReminders(services.db, { deferred, released, gone });
    if (run.sent + run.dropped + run.failed >= REMINDERS_PER_RUN) {
      run.more = (await dueSubscriptions(services.db, now.getTime(), 1)).length > 0;
      return run;
    }
    if (rows.length < REMINDER_BATCH) return run;
  }
}
