import { createApp } from './app.js';
import { runDailyCron } from './daily/cron.js';
import type { Env } from './env.js';
import { withFrontCache } from './http/front-cache.js';
import { refreshAnalytics } from './play/analytics.js';
import { calibrateBenchmarks } from './play/calibrate-benchmarks.js';
import { catchUpPuzzleRatings } from './play/catch-up-puzzle-ratings.js';
import { announceGenerated } from './play/generation-events.js';
import { sweepIdempotencyKeys } from './play/idempotency-sweep.js';
import { REMINDER_CRON, sendReminders } from './play/reminders.js';
import { handleWebhookBatch } from './play/webhook-deliveries.js';
import { errorFields, log } from './runtime/log.js';
import { createServices } from './services.js';
import type { WebhookMessage } from './webhooks/events.js';

export { PuzzleDesk } from './live/puzzle-desk.js';

const app = createApp();

export default {
  fetch: withFrontCache(app.fetch),
  /**
   * The reminder trigger sends the streak reminders that are due. Any other (the daily one) makes the
   * coming days, calibrates benchmarks, finishes puzzle ratings and recomputes the analytics' aggregates;
   * each step logs its own failure and the others still run. Their database handle is the plain one, no session: D1 sends such queries to the
   * primary, and each step reads what it then writes (the days already made, the benchmarks and ratings it
   * moves), which a replica may not hold yet; nobody waits on a cron run, so nearby replicas gain it nothing.
   */
  async scheduled(controller, env) {
    const services = await createServices(env);
    if (controller.cron === REMINDER_CRON) {
      const run = await sendReminders(services);
      if (run.sent + run.dropped + run.failed > 0 || run.more) log('info', 'streak reminders', { ...run });
      return;
    }
    const { config, db, now } = services;
    const results = await Promise.allSettled([
      runDailyCron({ db, salt: config.puzzleSalt, now, boardShards: config.boardShards }, config).then(
        (outcomes) => announceGenerated(services, outcomes),
      ),
      calibrateBenchmarks(db, now(), config),
      catchUpPuzzleRatings(db),
      refreshAnalytics(db, now()),
      sweepIdempotencyKeys(db, now()),
    ]);
    for (const result of results) {
      if (result.status === 'rejected') log('error', 'scheduled step failed', errorFields(result.reason));
    }
  },
  /** The webhook queue (wrangler.toml): fans events out to their endpoints and tries each delivery. */
  async queue(batch, env) {
    await handleWebhookBatch(await createServices(env), batch);
  },
} satisfies ExportedHandler<Env, WebhookMessage>;
